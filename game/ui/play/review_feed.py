"""The play screen's side of the game review (ai/review_worker.py): the background process is started with the
game when a person plays in it, fed each finished turn, and read without waiting on every update; the end
screen takes it over (``app.review``). One review runs at a time: a new game closes the last one's process.

No review runs in the kiosk (its demo has no person), in the replay viewer (``drive_computers`` off), or in a
headless app unless it asks (``app.review_games``: tests and benchmarks), so the suite's many tables do not
each start a process.
"""
from __future__ import annotations

import logging

log = logging.getLogger("underground.ui.review")


def people(scene) -> list[int]:
    """The seats people play: only their turns are reviewed."""
    return [i for i, s in enumerate(scene.seats) if not s.computer]


def wanted(scene) -> bool:
    app = scene.app
    if getattr(app, "kiosk_mode", False) or not scene.drive_computers:
        return False
    if not getattr(app, "review_games", not getattr(app, "headless", False)):
        return False
    return bool(people(scene))


def attach(scene):
    """Start the review of ``scene``'s game (closing the last game's); None when this table gets none. The
    replay viewer (``drive_computers`` off) is no new game: the review it is opened from keeps running."""
    app = scene.app
    if scene.drive_computers:
        close(app)
    if not wanted(scene):
        return None
    from ...ai.review_worker import Reviewer

    settings = dict(getattr(app, "review_settings", {}))  # tests and benchmarks: a quicker or shorter review
    settings.setdefault("from_index", getattr(scene, "practice_from", 0))
    try:
        reviewer = Reviewer(scene.state, people(scene), seed=scene.state.setup.seed or 0, **settings)
    except (OSError, ValueError) as exc:  # no process to be had: the game goes on without a review
        log.warning("the game review could not start: %s", exc)
        return None
    app.review = reviewer
    reviewer.feed(scene.state)
    return reviewer


def update(scene) -> bool:
    """Feed the finished turns, take in what came back; True when win chances changed."""
    reviewer = getattr(scene, "review", None)
    if reviewer is None:
        return False
    reviewer.feed(scene.state)
    before = len(reviewer.chances)
    reviewer.poll()
    return len(reviewer.chances) != before


def close(app) -> None:
    """Stop the review process of the last game, if any (a new game, quitting)."""
    reviewer = getattr(app, "review", None)
    if reviewer is not None:
        app.review = None
        reviewer.close()
