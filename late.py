import os, sys
os.environ["SDL_AUDIODRIVER"]="dummy"
sys.path.insert(0, ".")
import pygame
from game.ui.app import App
from game.engine.record import from_state
from game.ui.screens.replay import ReplayScene
from game.ui.play_scene import PlayScene
from game.ui.screenshot import demo_seats, demo_state
from game.ui.seats import default_edges
def main():
    W,H=map(int, sys.argv[1].split("x"))
    boards = sys.argv[2].split(",")
    P=int(sys.argv[3]); ARR=sys.argv[4]
    app=App(size=(W,H))
    for board in boards:
        full=demo_state(board, players=P, actions=None)
        n=len(from_state(full).actions)
        state=demo_state(board, players=P, actions=int(n*0.85))
        seats=demo_seats(state)
        for s,e in zip(seats, default_edges(P,ARR)): s.edge=e
        play=app.push(PlayScene(app, state, seats))
        for _ in range(40):
            app.step(1/60); app.draw(force=True); pygame.display.flip()
        os.system(f"import -window root /tmp/laptop-shots/late-{P}{ARR}-play-{board}-{W}.png")
        app.pop()
        v=ReplayScene(app, from_state(full), seats); app.push(v); v.show_step(int(v.n_steps*0.85))
        for _ in range(40):
            app.step(1/60); app.draw(force=True); pygame.display.flip()
        os.system(f"import -window root /tmp/laptop-shots/late-{P}{ARR}-replay-{board}-{W}.png")
        app.pop()
    print("done")


if __name__ == "__main__":
    main()
