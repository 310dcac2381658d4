"""Packaging glue that pyproject.toml cannot express: ship the top-level ``maps/`` and ``assets/`` inside the
``game`` package of the wheel (as ``game/maps`` and ``game/assets``), so an installed game finds its boards and
fonts with ``importlib.resources``.  The folders stay at the top of the repository, where map makers look.
Everything else (name, dependencies, scripts) is in pyproject.toml.
"""
from setuptools import find_packages, setup

DATA_PACKAGES = {"game.maps": "maps", "game.assets": "assets", "game.assets.fonts": "assets/fonts",
                 "game.assets.sounds": "assets/sounds", "game.assets.locale": "assets/locale"}
# the compiled catalogues, one folder per language (assets/locale/<lang>/LC_MESSAGES/underground.mo)
DATA_PACKAGES.update({f"game.assets.locale.{lang}.LC_MESSAGES": f"assets/locale/{lang}/LC_MESSAGES"
                      for lang in ("de", "fr")})

setup(
    packages=find_packages(include=["game", "game.*", "kiosk", "kiosk.*"]) + list(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
    # every data file type the game has or is likely to get, in every package (maps, fonts, theme, kiosk files)
    package_data={"": ["*.toml", "*.json", "*.txt", "*.ttf", "*.otf", "*.png", "*.svg", "*.wav", "*.ogg",
                       "*.md", "*.service", "LICENSE", "*.po", "*.pot", "*.mo", "*.html", "*.css", "*.js",
                       "static/*.html", "static/*.css", "static/*.js"]},
)
