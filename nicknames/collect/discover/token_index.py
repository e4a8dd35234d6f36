"""The one index discovery needs, filled message by message in collect's single pass.

For every token that could be a name (it has a capital letter, a lost accent
written ``?``, or its lower-case form is a name we know) it counts the messages
per thread that contain it; it also feeds the ``Lexicon`` with how the corpus
writes every word, and notes which participants are active in which thread.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from nicknames.collect.discover.ascii_pieces import split_texts
from nicknames.collect.discover.learnt_pieces import LearntPieces
from nicknames.collect.discover.lexicon import Lexicon
from nicknames.collect.discover.thread_counts import (
    Involvement,
    Members,
    ThreadCodes,
    ThreadCounts,
    ThreadSessions,
)
from nicknames.collect.discover.token_patterns import (
    ASCII_PATTERNS,
    ASCII_PIECES,
    UNICODE_PATTERNS,
    ascii_mid_and_runs,
    ascii_runs,
    first_seen,
    hidden_address_words,
    leading_word,
    piece_tokens,
    read_text,
    without_addresses,
)
from nicknames.model.messages import Message

BATCH = 4_000
"""Texts split into pieces at once (``ascii_pieces``). The texts of a batch share most of their distinct pieces, so
the work per distinct piece and token shrinks per text as batches grow (a quarter less time for the index than at
1,000 texts); the arrays of a batch take about 20 bytes a piece, some 12 MB."""
SMALL_BATCH = 32
"""Fewer ASCII texts in a row than this (between texts with other characters) are read one by one..."""
SMALL_BATCH_CHARS = 1 << 16
"""... when they hold at most this many characters: the pieces of a long text are best held as arrays."""
_MAX_PIECES = 200_000
"""Distinct pieces remembered before the memory of them is cleared (a text of random letters makes many)."""


@dataclass
class TokenIndex:
    """Token → messages per thread, thread → participants, and the corpus lexicon."""

    watched: frozenset[str] = frozenset()
    """Lower-case names whose lower-case spelling is indexed too ("mary" for Mary)."""
    threads: ThreadCounts = field(init=False)
    """Token as written → number of messages containing it, per thread."""
    _lexicon: Lexicon = field(default_factory=Lexicon)
    """The lexicon without the lower-case words of ``_pieces`` (see ``lexicon``)."""
    sequence_words: frozenset[str] = frozenset()
    """Lower-case words of registered names of several words: runs of capitals with one are kept."""
    runs: ThreadCounts = field(init=False)
    """Run of capitalised words containing a ``sequence_words`` word → messages per thread."""
    paired: Counter[str] = field(default_factory=Counter)
    """Capitalised word → messages where it stands next to a capitalised word that is not an ordinary one."""
    _pieces: Counter[str] = field(default_factory=Counter, repr=False, compare=False)
    """Piece → times seen since the lexicon last counted the lower-case words of the pieces."""
    _memory: LearntPieces = field(init=False, repr=False, compare=False)
    """What each piece, word and run of capitalised words seen holds (see ``learnt_pieces``)."""
    codes: ThreadCodes = field(default_factory=ThreadCodes, repr=False, compare=False)
    """The codes of the threads seen (and their sessions), with which ``threads``, ``runs`` and ``participation``
    count."""
    participation: Members = field(init=False, repr=False, compare=False)
    """Who is active in which thread (senders and the senders they reply to)."""

    def __post_init__(self) -> None:
        self.threads = ThreadCounts(self.codes)
        self.runs = ThreadCounts(self.codes)
        self.participation = Members(self.codes)
        self._memory = LearntPieces((self.watched, self.sequence_words, self._lexicon.words))

    @property
    def lexicon(self) -> Lexicon:
        """How the corpus writes every word (see ``Lexicon``)."""
        self._count_lower_words()
        return self._lexicon

    @property
    def members(self) -> dict[str, set[str]]:
        """Thread → participants active in it (senders and the senders they reply to)."""
        return self.participation.by_thread()

    @property
    def involved(self) -> Involvement:
        """Participant → threads in which they are active."""
        return Involvement(self.participation)

    @property
    def sessions(self) -> ThreadSessions:
        """Thread → the session it belongs to ("" when the messages have no sessions)."""
        return ThreadSessions(self.codes)

    def add(self, message: Message) -> None:
        """Index one message.

        The text is split into pieces (see ``UNICODE_PIECE``); what each distinct piece holds (the tokens it
        adds to the index wherever it stands) is worked out the first time it is seen, and its plain lower-case
        word when the lexicon is read. A token that is also a common word ("Will you ...", "May I ...") is
        counted only where it stands in mid-sentence, which is where a mid-sentence word is: it starts its piece.
        """
        code = self.codes.code(message.thread, message.session)
        self._add_members(message, code)
        self._lexicon.addressed.update(hidden_address_words(message.text))
        self._add_text(without_addresses(message.text), code)

    def add_all(self, messages: Sequence[Message], codes: Sequence[int]) -> None:
        """Index messages in file order, given the codes of their threads: what ``add`` does one by one, with the
        texts of ASCII characters only split into pieces a batch at a time (``_add_batch``)."""
        texts: list[str] = []
        batch: list[int] = []
        for message, code in zip(messages, codes):
            self._add_members(message, code)
            self._lexicon.addressed.update(hidden_address_words(message.text))
            texts.append(without_addresses(message.text))
            batch.append(code)
            if len(texts) == BATCH:
                self._add_batch(texts, batch)
                texts, batch = [], []
        self._add_batch(texts, batch)

    def _add_batch(self, texts: list[str], codes: list[int]) -> None:
        """Index texts in order, as ``_add_text`` one by one does.

        The texts of ASCII characters only are split into pieces at once (``ascii_pieces``): each distinct piece
        is learnt and looked up once, and only the pieces that hold tokens, the words in mid-sentence and the places
        where a run of capitalised words may start are then read one by one. Each text with other characters is
        read by the ``regex`` patterns, and what it gives is put in the order one by one would give it (each count
        in file order, each word where first seen). A few texts, or a batch that would make the memory of pieces
        overflow (and so be cleared partway), are read text by text.
        """
        rows = [row for row, text in enumerate(texts) if text.isascii()]
        mixed = len(rows) < len(texts)
        if len(rows) < SMALL_BATCH and (mixed or sum(map(len, texts)) <= SMALL_BATCH_CHARS):
            # splitting into pieces at once costs more than it saves (but holds less for a long text)
            self._add_texts(texts, codes)
            return
        pieces = split_texts([texts[row] for row in rows] if mixed else texts)
        others = {row: read_text(text) for row, text in enumerate(texts) if not text.isascii()} if mixed else {}
        memory = self._memory
        always, boring = memory.always, memory.boring
        distinct = dict.fromkeys([*pieces.distinct, *(piece for read in others.values() for piece in read.pieces)]
                                 ) if others else pieces.distinct
        fresh = [piece for piece in distinct if piece not in always and piece not in boring]
        if len(always) + len(boring) + len(fresh) > _MAX_PIECES + 1:
            self._add_texts(texts, codes)  # the memory of pieces would be cleared partway
            return
        ascii_rows = np.asarray(rows, dtype=np.int64)
        self._pieces.update(first_seen(pieces, ascii_rows, others) if others else dict(zip(pieces.distinct, pieces.counts)))
        for piece in fresh:
            self._learn(piece)
        held = [always.get(piece, ()) for piece in pieces.distinct]
        names: dict[str, int] = {}
        texts_of, tokens_of = piece_tokens(
            pieces, [len(tokens) for tokens in held],
            [names.setdefault(token, len(names)) for tokens in held for token in tokens],
        )
        mid = pieces.mid_sentence()
        words = [leading_word(pieces.distinct[piece]) for piece in pieces.code[mid].tolist()]
        mid_rows = ascii_rows[pieces.text_of(pieces.start[mid])].tolist()
        common = self._lexicon.words
        pairs = [(row, names.setdefault(word, len(names)))
                 for row, (word, folded) in zip(mid_rows, words) if len(word) > 1 and folded in common]
        if not others:  # the words in text order as they are (no list of them: a huge text has many)
            self._lexicon.capitalised.update(folded for _, folded in words)
        capitalised = [(row, folded) for row, (_, folded) in zip(mid_rows, words)] if others else []
        for row, read in others.items():
            counted = self._collect(set(read.pieces).difference(boring))
            counted.update(word for word in read.mid if len(word) > 1 and word.casefold() in common)
            capitalised.extend((row, word.casefold()) for word in read.mid if word[0].isupper())
            pairs.extend((row, names.setdefault(token, len(names))) for token in counted)
        if others:
            capitalised.sort(key=lambda found: found[0])  # stable: each text's words in their order
            self._lexicon.capitalised.update(folded for _, folded in capitalised)
        self._count_all(
            np.asarray(codes, dtype=np.uint32), list(names),
            np.concatenate([ascii_rows[texts_of], np.asarray([row for row, _ in pairs], dtype=np.int64)]),
            np.concatenate([tokens_of, np.asarray([token for _, token in pairs], dtype=np.int64)]),
        )
        runs = {int(ascii_rows[number]): found for number, found in ascii_runs(pieces).items()}
        runs.update((row, read.runs) for row, read in others.items() if read.runs)
        self._add_runs((codes[row], runs[row]) for row in sorted(runs))

    def _add_texts(self, texts: list[str], codes: list[int]) -> None:
        for text, code in zip(texts, codes):
            self._add_text(text, code)

    def _add_members(self, message: Message, code: int) -> None:
        self.participation.add(code, message.sender)
        if message.parent_sender:
            self.participation.add(code, message.parent_sender)

    def _add_text(self, text: str, code: int) -> None:
        """Index one text (its addresses removed) of the thread with the given code."""
        if text.isascii():
            pieces = text.translate(ASCII_PIECES).split()
            mid, runs = ascii_mid_and_runs(text)
        else:
            pieces, mid, runs = read_text(text)
        self._pieces.update(pieces)
        counted = self._collect(set(pieces).difference(self._memory.boring))
        if mid:
            common = self._lexicon.words
            counted.update(word for word in mid if len(word) > 1 and word.casefold() in common)
            self._lexicon.capitalised.update(word.casefold() for word in mid if word[0].isupper())
        self._count(code, counted)
        if runs:
            self._add_runs([(code, runs)])

    def _count_all(self, codes: np.ndarray, names: list[str], texts: np.ndarray, tokens: np.ndarray) -> None:
        """Count, for each (text, token) pair given, one message of the text's thread for the token (each pair
        once, however often given); ``codes``: the thread code of each text, ``names``: the tokens by number."""
        token, text = np.divmod(np.unique(tokens * len(codes) + texts), len(codes))
        self.threads.add_all(names, token, codes[text])

    def _count(self, code: int, counted: set[str]) -> None:
        """Count one message of the thread with the given code for each of the tokens."""
        for token in counted:
            self.threads.add(token, code)

    def _add_runs(self, found: Iterable[tuple[int, list[str]]]) -> None:
        """Add messages' runs of capitalised words, each message's with the code of its thread."""
        readings, paired = self._memory.runs, self.paired
        for code, runs in found:
            if len(runs) == 1:  # most messages: nothing to merge
                kept, near = readings[runs[0]]
                kept_runs: Iterable[str] = () if kept is None else (kept,)
            else:
                kept_runs, near_words = set(), set[str]()
                for run in runs:
                    kept, near = readings[run]
                    if kept is not None:
                        kept_runs.add(kept)
                    near_words.update(near)
                near = tuple(near_words)
            for kept in kept_runs:
                self.runs.add(kept, code)
            for word in near:
                paired[word] = paired.get(word, 0) + 1

    def _collect(self, pieces: set[str]) -> set[str]:
        """The tokens counted wherever they stand of a message's pieces not known to hold none (learning new ones)."""
        counted: set[str] = set()
        always = self._memory.always
        for piece in pieces:
            held = always.get(piece)
            if held is None:
                held = self._learn(piece)
            counted.update(held)
        return counted

    def _learn(self, piece: str) -> tuple[str, ...]:
        """The tokens of a piece not seen before that the index counts wherever they stand.

        A plain lower-case word is indexed only when it is a name we watch; a capitalised word that is also
        a common word only in mid-sentence (``add``).
        """
        memory = self._memory
        if len(memory.always) + len(memory.boring) > _MAX_PIECES:
            self._count_lower_words()
            memory.clear()
        words = (ASCII_PATTERNS if piece.isascii() else UNICODE_PATTERNS)[0]
        common = self._lexicon.words
        held = tuple(
            token for token in dict.fromkeys(words.findall(piece))
            if len(token) > 1 and (
                token.casefold() not in common if not token.islower() else token in self.watched or "?" in token
            )
        )
        if held:
            memory.always[piece] = held
        else:
            memory.boring.add(piece)
        return held

    def _count_lower_words(self) -> None:
        """Count the plain lower-case words of the pieces seen since the last time in the lexicon.

        A piece holds at most one, at its start (nothing a piece is made of may stand before it); the words are
        counted in the order they first occur, as counting them message by message would.
        """
        lower = self._lexicon.lower
        for piece, times in self._pieces.items():
            word = (ASCII_PATTERNS if piece.isascii() else UNICODE_PATTERNS)[1].match(piece)
            if word is not None:
                lower[word.group()] += times
        self._pieces.clear()

    def absorb(self, later: TokenIndex) -> None:
        """Add the index of the messages that follow (see ``Scan.absorb``)."""
        recode = self.codes.recode(later.codes)
        self.threads.absorb(later.threads, recode)
        self.runs.absorb(later.runs, recode)
        self.participation.absorb(later.participation, recode)
        self.paired.update(later.paired)
        lexicon, theirs = self.lexicon, later.lexicon
        lexicon.lower.update(theirs.lower)
        lexicon.capitalised.update(theirs.capitalised)
        lexicon.addressed.update(theirs.addressed)

    def records(self) -> TokenIndex:
        """The counts this index holds and who is active in which thread, without its word lists (cheap to send
        between processes)."""
        lexicon = Lexicon(self.lexicon.lower, self.lexicon.capitalised, frozenset(), self.lexicon.addressed)
        records = TokenIndex(frozenset(), lexicon, frozenset(), self.paired, codes=self.codes)
        records.threads, records.runs, records.participation = self.threads, self.runs, self.participation
        return records

    def count(self, token: str, threads: Collection[str]) -> int:
        """Messages containing the token in the given threads."""
        if token not in self.threads:
            return 0
        per_thread = self.threads[token]
        if len(threads) < len(per_thread):
            return sum(per_thread.get(thread, 0) for thread in threads)
        return sum(n for thread, n in per_thread.items() if thread in threads)

    def count_for(self, token: str, participant: str) -> int:
        """Messages containing the token in the threads where the participant is active."""
        return self.count(token, self.involved.get(participant, set()))

    def tokens(self) -> Iterable[str]:
        """Every indexed token."""
        return self.threads.keys()

    def _indexable(self, token: str) -> bool:
        """Tokens that may be names: capitalised, with a lost accent, or a known name in lower case."""
        return not token.islower() or token in self.watched or "?" in token
