"""The Textual mapping editor: takes a mapping (and optionally the messages), returns the edited one."""

from __future__ import annotations

from nicknames.tui.app import EditorApp

__all__ = ["EditorApp"]
