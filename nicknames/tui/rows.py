"""How participants, names and occurrences look as rows of the editor's lists."""

from __future__ import annotations

from rich.text import Text

from nicknames.editing.concordance import Hit
from nicknames.model.mapping import Name, Status

MARKERS: dict[str, tuple[str, str]] = {
    "duplicate": ("D", "bold red"),
    "empty": ("0", "bold yellow"),
    "word": ("W", "magenta"),
    "suggested": ("?", "cyan"),
}
"""Problem → (marker, style) in the participant list; see ``review.PROBLEMS``."""

STATUS: dict[Status, tuple[str, str]] = {
    Status.ACTIVE: ("✓", "green"),
    Status.SUGGESTED: ("?", "cyan"),
    Status.REJECTED: ("✗", "red"),
}
"""Name status → (mark, style) in the names table."""

TAG_SHORT = {
    "greeting": "greet", "signoff": "sign", "classlist": "class", "nickname": "nick",
    "stylised": "style", "initials": "init", "uncertain": "unsure",
}
"""Short forms of the tags in the narrow sources column (other tags are shown as they are)."""

PLACE_MARKS = {"greeting": "greet", "signoff": "sign", "body": "body"}


def participant_line(participant: str, registered: str, count: int, problems: tuple[str, ...], id_width: int) -> Text:
    """``D?  U0002      3  Mary Jane Poe``: markers, id, names in use, registered name."""
    line = Text(no_wrap=True, overflow="ellipsis")
    for problem, (mark, style) in MARKERS.items():
        line.append(mark if problem in problems else " ", style)
    shown = participant if len(participant) <= id_width else participant[: id_width - 1] + "…"
    line.append(f" {shown:<{id_width}} {count:>3} ")
    line.append(registered, "dim")
    return line


def name_cells(name: Name) -> tuple[Text, Text, Text, Text]:
    """Status mark, name, count and sources of one name."""
    mark, style = STATUS[name.status]
    text_style = "strike dim" if name.status is Status.REJECTED else ""
    return (
        Text(mark, style),
        Text(name.text, text_style, no_wrap=True, overflow="ellipsis"),
        Text("" if name.count is None else str(name.count), justify="right"),
        Text(" ".join(TAG_SHORT.get(tag, tag) for tag in name.tags), "dim", no_wrap=True),
    )


def sort_names(names: list[Name]) -> list[Name]:
    """Names in use first, most frequent first; rejected ones last."""
    return sorted(names, key=lambda name: (name.status is Status.REJECTED, -(name.count or 0)))


def hit_cells(hit: Hit, current: str | None, side: int) -> tuple[Text, Text, Text, Text, Text]:
    """Who wrote and who was answered, where, the name in context, message id and thread."""
    who = Text(no_wrap=True)
    who.append(hit.sender, "bold green" if hit.sender == current else "")
    who.append("→")
    parent = hit.parent_sender or "·"
    who.append(parent, "bold green" if parent == current else "dim")
    context = Text(no_wrap=True)
    context.append(hit.before[-side:].rjust(side), "dim")
    context.append(hit.text, "bold reverse")
    context.append(hit.after[:side], "dim")
    return who, place_cell(hit, current), context, Text(hit.message_id), Text(hit.thread, "dim")


def place_cell(hit: Hit, current: str | None) -> Text:
    """Where the name is; green when that place names ``current``, red when it names someone else."""
    style = "dim" if hit.points_to is None else "bold green" if hit.points_to == current else "bold red"
    return Text(PLACE_MARKS[hit.place], style)


def side_cells(hit: Hit, participant: str, side: int) -> tuple[Text, Text, Text, Text]:
    """For the narrow columns of the duplicates view: where, the name in context, from→to, message id."""
    who, place, context, message, _ = hit_cells(hit, participant, side)
    return place, context, who, message
