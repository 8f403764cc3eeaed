"""The user's untracked, git-ignored dotenv files beside the code (never committed)."""

from pathlib import Path


def build(root: Path) -> None:
    (root / ".env").write_text(
        "# local settings\nDATABASE_URL=postgres://shop:sesame-open-4711-prod@db.internal/shop\n"
    )
    (root / ".env.local").write_text("export MAIL_PASS='quiet-heron-2210'\n")
