"""``nicknames sample``: write a synthetic course-forum corpus with its gold standard."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from nicknames.cli.common import QuietOption, app, err, user_errors


@app.command("sample")
@user_errors
def sample_command(
    outdir: Annotated[Path, typer.Argument(metavar="OUTDIR", help="Folder to write the corpus into.",
                                           file_okay=False)],
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed gives the same bytes.")] = 1,
    messages: Annotated[int, typer.Option("--messages", "-n", min=1, help="Number of messages.")] = 1700,
    participants: Annotated[int, typer.Option("--participants", min=2, help="Number of participants.")] = 84,
    sessions: Annotated[int, typer.Option("--sessions", min=1, help="Number of sessions (course runs).")] = 6,
    language: Annotated[str, typer.Option(
        "--language", metavar="CODE", help="Language of the greetings, sign-offs and names: en, or a language "
        "pack's code (sv, de, es, fr, nl, it, pt, fi, da, no); the body text stays English.")] = "en",
    force: Annotated[bool, typer.Option("--force", help="Overwrite the files of an earlier sample.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON on stdout.")] = False,
    quiet: QuietOption = False,
) -> None:
    """Generate a realistic synthetic forum corpus and its gold standard, for evaluation and benchmarks.

    Writes messages.csv, class_list.csv, gold_mapping.txt (the mapping a perfect
    review gives), gold_spans.csv (every name mention and protected string with
    its offsets and category) and expected.csv (the perfectly pseudonymised
    messages). The default size follows the paper's Table 1: 6 sessions, 84
    participants, about 1,700 messages. All names are synthetic. With
    --language sv (de, es, ...) the greetings, sign-offs and participants are
    Swedish (German, Spanish, ...), so that evaluate measures that language.
    """
    from nicknames.cli.render_measures import (
        sample_summary,  # these load pandas: see cli/common.py
    )
    from nicknames.sample.generate import SampleConfig, generate_sample

    config = SampleConfig(seed=seed, messages=messages, participants=participants, sessions=sessions,
                          language=language)
    result = generate_sample(outdir, config, overwrite=force)
    if as_json:
        summary = {key: str(value) if isinstance(value, Path) else value for key, value in asdict(result).items()}
        json.dump(summary, sys.stdout, indent=1)
        sys.stdout.write("\n")
    elif not quiet:
        sample_summary(err, result)
