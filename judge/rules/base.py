"""The game-level rules interface: one :class:`Ruleset` per kind of game.

A game's rules are chosen once, by :mod:`judge.rules.registry`, from the variant
data (``rules = "standard"`` in ``variant.toml``) and the game's own setting (a
multiverse game layers the multiverse rules over the map's ruleset).  Everything
that differs between kinds of game goes through the ruleset: the starting position,
the phase code of a stored position, reading mail orders, what each power owes,
build and removal allowances, adjudicating a position document, the boards that
count for standings, and the report of a processed phase.  Callers never look at a
document to guess its kind.

Position documents are plain JSON-shaped dicts (docs/adjudicate.md for a
standard phase document, docs/multiverse.md for a world).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from judge.engine.boards import Location
from judge.engine.phase import Phase, Turn
from judge.orders.data import OrderDecoding, decoding_of
from judge.orders.forms import OrderForm
from judge.orders.keys import OrderKey, place_of

if TYPE_CHECKING:
    from judge.engine.rules import EngineRules
    from judge.reports.names import Names
    from judge.reports.sentences import OrderWords
    from judge.reports.settings import ReportSettings, VariantLike

Document = dict[str, Any]

# Orders sharing one allowance: ("build", "remove" or "waive", a board or "").
Group = tuple[str, str]

# How judge.maps pictures a position (Ruleset.picture): the map's one board; a grid
# of boards (a multiverse world); the board with Outer Space's orbit panel and
# colonies.
BOARD_PICTURE = "board"
GRID_PICTURE = "grid"
ORBIT_PICTURE = "orbit"


@dataclass(frozen=True)
class Owed:
    """Something a power owes this phase: an order for one unit (``key`` is its
    location, a value), or a number of builds or removals (``key`` "build" or "remove")."""

    key: Location
    label: str
    count: int = 1
    board: tuple[int, Turn] | None = None
    """The board a count of builds or removals is owed on (a multiverse winter board,
    whose orders' keys carry it; ``label`` then says where), None for the game."""


@dataclass(frozen=True)
class BoardView:
    """One board of a position as the game's status (LIST) shows it: the board's
    part of the document, how its units are written, and a heading (empty for the
    only board of a standard game)."""

    board: Mapping[str, Any]
    unit_text: Callable[[Mapping[str, Any]], str]
    heading: str = ""


@dataclass(frozen=True)
class Step:
    """One adjudicated phase (or multiverse step): the document adjudicated (with
    its orders), the adjudicator's answer, the next position to store (without
    orders), the game's phase code after it, the winner, if any, and the sides of a
    draw the rules declare (Root Z's equal totals), if any."""

    before: Document
    answer: Document
    after: Document
    next_phase: str
    winner: str | None
    draw: tuple[str, ...] = ()


@dataclass(frozen=True)
class Slots:
    """Interchangeable units that orders name by their place only (an Outer Space
    empire's armies in orbit): the orders of one mail for them take the units' keys
    in turn (:meth:`Ruleset.slots`)."""

    group: tuple[str, str]
    """What a mail counts its orders by: (power, place)."""
    keys: tuple[OrderKey, ...]
    """Each unit's key, in the order the orders take them."""
    full: str
    """Why an order beyond them all is refused."""


class StoredOrder(NamedTuple):
    """An accepted order as the game keeps it: its canonical wording and the order
    as data (the engine order), or None when only the wording is known; ``checked``
    when a mail's check accepted it on the very position it is adjudicated on (its
    checks of a unit's orders need not run again).  (A named tuple: a turn of a long
    multiverse game makes ten thousand.)"""

    canonical: str
    order: Any = None
    checked: bool = False
    data: Any = None  # a checked order's object as stored (what order_data writes of it)


# What players call the victory rule (HELP victory, HELP win): the aliases of every
# ruleset's and variant's "Victory" in words (rules_in_words).
VICTORY_WORDS = ("win", "winning", "victory conditions", "how to win")


class Ruleset(ABC):
    """The rules of one kind of game, over one variant's map.

    ``engine`` holds the engine-level rule hooks the adjudicator is run with
    (:class:`judge.engine.rules.EngineRules`: unit types, order kinds, phase cycle,
    ownership, retreats, builds); a one-board ruleset also has ``syntax``, the order
    kinds' text steps (:class:`judge.orders.reader.OrderSyntax`) that carry it.
    """

    name: str = ""
    engine: EngineRules

    # How judge.maps draws a position of these rules (BOARD_PICTURE, GRID_PICTURE or
    # ORBIT_PICTURE), and one board of it (the web's page of a multiverse board).
    picture: str = BOARD_PICTURE
    board_picture: str = BOARD_PICTURE

    # -------------------------------------------------------------- positions

    @abstractmethod
    def starting_position(self, variant: str, *, adjacency: str = "", seed: int = 0) -> Document:
        """The stored position of a new game of ``variant``."""

    @abstractmethod
    def phase_code(self, doc: Mapping[str, Any]) -> str:
        """The ``Game.phase`` a stored position gives (``S1901M``)."""

    @abstractmethod
    def retreats_pending(self, doc: Mapping[str, Any]) -> bool:
        """Whether the position waits for retreats."""

    @abstractmethod
    def active_boards(self, doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """The boards that count now (each shaped like a standard position: ``units``,
        ``dislodged``, ``supply_centers``), in display order."""

    # ----------------------------------------------------------- mail orders

    @abstractmethod
    def check_orders(self, doc: Document, power: str, lines: list[str]) -> list[Any]:
        """One check per order written in ``lines`` (fields of
        :class:`judge.orders.text.OrderCheck`: text, ok, canonical, key, message, power)."""

    def order_attempt(self, variant: str, text: str) -> bool:
        """Whether a line of mail could be an attempt at an order of these rules on
        ``variant``'s map, so that it is read (and refused with its reason when
        wrong) rather than passed over as a greeting or signature.  By default every
        line is read."""
        return True

    def order_shaped(self, variant: str, text: str) -> bool:
        """Whether a line of mail has an order's shape on ``variant``'s map (a unit
        type then a place, say), so that below a signature line (``--``), where
        names, titles and quotes stand, it is read as an attempt at an order.  By
        default no line has."""
        return False

    def order_near(self, variant: str, text: str, where: str = "among") -> bool:
        """Whether a line of mail that is no attempt at an order is near one on
        ``variant``'s map, so that standing ``where`` it does (``"among"`` the
        orders, ``"above"`` the first, ``"below"`` the last) it is read as one
        mistyped: among them, a place or one mistyped, then an order word or one
        mistyped (``Pari H``); above, where greetings stand, a place mistyped and an
        order's letter (``Pari H``, not "Hi Tom"); below, where names and initials
        stand, an order word mistyped after a place (``Kiel holt``, not "Rose H")
        or an order of one word mistyped (``Jaive``).  By default no line is."""
        return False

    @abstractmethod
    def owed(self, doc: Document) -> dict[str, list[Owed]]:
        """Per power, what it owes in the position's phase (units to order, or counts
        of builds and removals)."""

    def unordered(self, doc: Document, power: str, keys: Iterable[OrderKey]) -> list[str]:
        """What the power owes that no stored order key answers, as players write it
        (``A par``, ``1 build``)."""
        return unanswered(self.owed(doc).get(power, []), keys)

    @abstractmethod
    def allowance_group(self, doc: Document, key: OrderKey) -> Group | None:
        """The allowance an order stored under ``key`` uses, or None (not an
        adjustment)."""

    @abstractmethod
    def allowances(self, doc: Document, power: str) -> dict[Group, int]:
        """How many orders of each allowance group the power may give this phase."""

    def builds_unusable(self, doc: Document, power: str) -> bool:
        """Whether the power may build by its centres but has nowhere to build (njudge's
        "unusable builds", waived without an order): a waive of them changes nothing.
        False unless the rules say so."""
        return False

    def allowance_place(self, group: Group) -> str:
        """Where an allowance applies, as a reply says it (`` on timeline 2, W1901``;
        empty when it covers the whole game)."""
        return ""

    def uses_allowance(self, doc: Document, key: OrderKey, group: Group) -> bool:
        """Whether an order stored under ``key`` uses up one of the allowance
        ``group`` (by default: the allowance its own group is)."""
        return self.allowance_group(doc, key) == group

    def beyond_allowance(
        self,
        doc: Document,
        power: str,
        stored: Sequence[OrderKey],
        key: OrderKey,
        name: str | None = None,
    ) -> str | None:
        """Why an accepted order to be stored under ``key`` will not count, or None
        (``name``: the power as the game writes it; its code in title case if none).

        ``stored`` holds the keys of the power's current orders for the phase, oldest
        first; the new order replaces the one of its key and comes last.  The
        adjudicator carries out adjustment orders in that order and fails those
        beyond the power's allowance (DATC 6.I.1: the first valid builds count), so
        a reply can say at once that an order would be beyond them."""
        group = self.allowance_group(doc, key)
        if group is None:
            return None
        allowed = self.allowances(doc, power).get(group, 0)
        kept = [k for k in stored if k != key]
        rank = 1 + sum(1 for k in kept if self.uses_allowance(doc, k, group))
        if allowed == 0 or rank <= allowed:
            return None  # nothing owed at all is refused by the order checks themselves
        kind = group[0]
        noun = "removal" if kind == "remove" else "waive" if key.is_waive else "build"
        return beyond_text(name or power.title(), allowed, self.allowance_place(group), noun)

    def slots(self, doc: Mapping[str, Any], key: OrderKey) -> Slots | None:
        """The interchangeable units an order checked under ``key`` is for, when the
        rules name such units by their place only (the checks name the first of
        them each time); None, by default, for an order of one unit."""
        return None

    def refusal_after(
        self, doc: Document, power: str, earlier: Callable[[], Sequence[str]], order: str
    ) -> str | None:
        """Why an order accepted on its own fails after the power's other orders of the
        phase (``earlier()``: their canonical texts, in the order given), when the rules
        let earlier orders use up something it needs; None by default."""
        return None

    # ---------------------------------------------------------- adjudication

    @abstractmethod
    def adjudicate(self, doc: Document) -> Document:
        """The answer of ``judge adjudicate`` for one document of this kind.

        Raises :class:`judge.rules.documents.DocumentError` for a bad document."""

    @abstractmethod
    def step(self, doc: Document) -> Step:
        """Adjudicate a stored position with its orders and give the next position."""

    # Whether :meth:`step_stored` only reads its document, so that it may be given the
    # game's shared parsed position (judge.store.positions) instead of a copy of its
    # own: what a multiverse world (megabytes) needs; the default changes it.
    steps_read_only = False

    def step_stored(self, doc: Document, orders: Mapping[str, list[StoredOrder]]) -> Step:
        """Adjudicate a stored position with the orders a game keeps for it, per power.

        By default the orders are read again from their canonical wording; a ruleset
        whose orders are data from parser to report overrides this."""
        doc["orders"] = {power: [o.canonical for o in mine] for power, mine in orders.items()}
        return self.step(doc)

    # ----------------------------------------------------------------- seats

    # Whether the players name their own powers at JOIN (Outer Space's empires)
    # instead of choosing among the variant's; :meth:`empire_position` then places
    # them when the game starts.
    players_name_powers: bool = False

    def empire_position(self, doc: Mapping[str, Any], empires: Sequence[Any]) -> Document:
        """The starting position once the powers the players named are known (by
        rules whose :attr:`players_name_powers`)."""
        raise NotImplementedError(f"the {self.name} rules do not let players name powers")

    def game_problem(self, variant: str, layer: str, seats: int) -> str | None:
        """Why CREATE cannot make a game of ``variant`` played by these rules with the
        game rules ``layer`` over them (``standard``: none) for ``seats`` players (0:
        as many as the powers fill), or None.  By default any layer, and up to one
        player a power."""
        from judge.variant.data import load_variant

        powers = len(load_variant(variant).powers)
        return f"variant {variant} has only {powers} powers" if seats > powers else None

    def seat_range(self, powers: int) -> tuple[int, int]:
        """The fewest and most players a game over ``powers`` powers may wait for
        (SET PLAYERS); by default one player up to one a power."""
        return 1, powers

    def powers_per_seat(self, seats: int, powers: int) -> int:
        """How many powers each player holds in a game of ``seats`` players (0: the
        default) over ``powers`` powers."""
        return 1

    def assign_seats(
        self, variant: str, preferences: Sequence[Sequence[Sequence[str]]], seed: int
    ) -> list[tuple[str, ...]]:
        """The powers of each player of a game with several powers a seat, from their
        preference lists (in join order); reproducible from ``seed``."""
        raise NotImplementedError(f"the {self.name} rules give one power a player")

    def preference_problem(self, variant: str, lists: Sequence[Sequence[str]]) -> str | None:
        """Why a JOIN's preference lists (power codes; several lists when separated
        by ``;``) do not fit these rules, or None."""
        return None

    def seat_position(self, doc: Document, seats: Sequence[Sequence[str]]) -> Document:
        """The starting position once the seats are known (by default unchanged)."""
        return doc

    def outcome_text(self, step: Step, name: Callable[[str], str]) -> str | None:
        """How a step that ends the game says so (``Victory of France``), or None."""
        return f"Victory of {name(step.winner)}" if step.winner else None

    def ending_sides(self, step: Step) -> tuple[frozenset[str], frozenset[str]]:
        """The powers that won and the powers of the draw a step ends the game with
        (both empty when it goes on); by default the step's winner and draw are powers."""
        return frozenset(filter(None, [step.winner])), frozenset(step.draw)

    def player_lines(self, doc: Mapping[str, Any], name: Callable[[str], str]) -> list[str]:
        """Lines of the players' combined standing, for a game whose players hold
        several powers (none otherwise)."""
        return []

    # ------------------------------------------------------------- standings

    def counted_centres(self, centers: Mapping[str, str]) -> Mapping[str, str]:
        """Of one board's centres (centre -> owner), those that count for their owner
        (all of them, unless the rules leave some out, as Colonial's Hong Kong)."""
        return centers

    def centre_counts(self, doc: Mapping[str, Any]) -> dict[str, int]:
        """Supply centres that count, per power (unique provinces across the active
        boards); powers without a centre are left out."""
        owned: dict[str, set[str]] = {}
        for board in self.active_boards(doc):
            owners = {
                str(c).split("/")[0]: power
                for power, centres in (board.get("supply_centers") or {}).items()
                for c in centres
            }
            for centre, power in self.counted_centres(owners).items():
                owned.setdefault(power, set()).add(centre)
        return {power: len(centres) for power, centres in owned.items() if centres}

    def survivors(self, doc: Mapping[str, Any]) -> set[str]:
        """The powers that own a unit (dislodged ones included) or a supply centre."""
        alive = set(self.centre_counts(doc))
        for board in self.active_boards(doc):
            alive |= _owners(board.get("units") or [])
            alive |= _owners(board.get("dislodged") or [])
        return alive

    def largest_power(self, doc: Mapping[str, Any]) -> str | None:
        """The power with the most centres, or None when several share the most."""
        counts = sorted(self.centre_counts(doc).items(), key=lambda item: -item[1])
        if not counts or (len(counts) > 1 and counts[1][1] == counts[0][1]):
            return None
        return counts[0][0]

    def largest_side(self, doc: Mapping[str, Any]) -> tuple[str, ...] | None:
        """The powers a concession goes to: the largest power's (a player's powers
        where players hold several: Root Z), or None when several share the most."""
        largest = self.largest_power(doc)
        return (largest,) if largest else None

    # --------------------------------------------------------------- reports

    @abstractmethod
    def processed_phase(self, step: Step) -> str:
        """The code a processed phase's report and map are named by."""

    def owed_builds(self, before: Document | None) -> dict[str, int] | None:
        """Per power, the builds the adjustment phase ``before`` let it make (as
        :meth:`owed` counts them), for the results' "build not used" lines; None
        for other phases."""
        if before is None or Phase.parse(str(before.get("phase", ""))).kind != "A":
            return None
        return {
            power: sum(o.count for o in owed if o.key == "build")
            for power, owed in self.owed(before).items()
            if any(o.key == "build" for o in owed)
        }

    writes_notes: ClassVar[bool] = False
    """Whether :meth:`report_notes` may say anything: a multiverse game asks its map's
    rules for the notes of each board it judged only then (each board's step costs)."""

    def report_notes(self, step: Step, variant: Any) -> list[str]:
        """Paragraphs the results add on the rules' own acts in this step (why a
        centre does not count, where a train stopped); none by default."""
        return []

    @abstractmethod
    def render_results(
        self, step: Step, variant: VariantLike, settings: ReportSettings, *, preview: bool = False
    ) -> tuple[str, str, str]:
        """The results report of a processed phase: subject, text and HTML."""

    def report_names(self, variant: VariantLike) -> Names:
        """The names the game's mail (the start mail, reminders, late notices) writes
        places, powers and units with: by default the variant's own."""
        from judge.reports.names import Names

        return Names(variant)

    def start_notes(self, board: Mapping[str, Any], variant: Any, power: str | None) -> list[str]:
        """Notices the start mail adds for the reader playing ``power`` (None: an
        observer, the master or the kept copy)."""
        return []

    def order_forms(self) -> tuple[OrderForm, ...]:
        """How players write this game's orders (HELP <game>, HELP <word>): by
        default the forms of the order kinds in ``syntax``."""
        syntax = getattr(self, "syntax", None)
        return tuple(getattr(syntax, "forms", ()))

    def order_examples(
        self, doc: Mapping[str, Any], variant: Any, power: str | None = None, *, start: bool = False
    ) -> list[tuple[OrderForm, str]]:
        """Each form written with the units of ``power`` on ``doc`` (a board, or
        the first active board of a position; ``power`` None: of the first power
        that gives one); forms that no unit writes are left out.  ``start``: only
        the movement forms a start mail shows."""
        board = doc if "units" in doc else (self.active_boards(doc) or [{}])[0]
        units = list(board.get("units") or [])
        powers = [power] if power else list(getattr(variant, "powers", {}))
        found: dict[str, tuple[OrderForm, str]] = {}  # by the example's text
        for form in self.order_forms():
            if form.sample is None or (start and (form.phase != "M" or not form.start)):
                continue
            for who in powers:
                text = form.sample(variant, [u for u in units if u.get("power") == who], who)
                if text:
                    found.setdefault(text.lower(), (form, text))
                    break
        return list(found.values())

    def start_role(self, board: Mapping[str, Any], variant: Any, power: str) -> str | None:
        """How the start mail's first line names what the reader playing ``power``
        holds (``France 1 and England 2``), or None: by that power's name."""
        return None

    def start_signon(
        self, board: Mapping[str, Any], variant: Any, power: str, game: str
    ) -> str | None:
        """The SIGNON line the start mail gives the reader playing ``power`` when
        the rules sign players on otherwise than by that power (a Root Z player's
        one SIGNON for both powers), or None: the power's own line."""
        return None

    @abstractmethod
    def board_views(self, doc: Mapping[str, Any]) -> list[BoardView]:
        """The boards the game's status shows, each with how its units are written."""

    def status_lines(self, board: Mapping[str, Any], power: str) -> list[str]:
        """Lines the game's status (LIST) adds after a power's units on one board
        (Outer Space: its colonies); none by default."""
        return []

    # A heading for the centre totals after the boards of the status, or empty
    # when the boards' own centre lines say it all.
    centre_totals_heading: str = ""

    def timeline_boards(self, doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """Every board of a position laid out on timelines (each with its ``timeline``
        and ``phase``), in stored order; none for a one-board game."""
        return []

    def timeline_lines(self, doc: Mapping[str, Any]) -> list[str]:
        """Sentences on the position's timelines and forks, for a game's summary
        (none for a one-board game)."""
        return []

    def rules_in_words(self) -> list[dict[str, Any]]:
        """The rules of these games that differ from the standard game's, in words for
        players (HELP <game>, HELP <rule>): each a ``name``, ``summary`` and
        ``aliases``, as a variant's ``special_rules.toml`` gives its own; none by
        default."""
        return []

    def variant_facts(self, variant: Any) -> dict[str, Any]:
        """Keys these rules add to a variant's JSON description (``judge variant show
        --json``) after the standard ones; none by default."""
        return {}

    # The rules settings (``Game.adjacency``) a game of these rules chooses among
    # (CREATE ... RULES MULTIVERSE STRICT), the default first; none when there is no
    # choice.
    settings: tuple[str, ...] = ()

    def rules_title(self, variant: Any, setting: str) -> str:
        """How a game's description (CREATE's reply) names its rules played with the
        rules setting ``setting``: ``standard``, or the variant's title for a map with
        rules of its own (``Colonial``)."""
        return "standard" if variant.rules == "standard" else variant.title

    def rules_setting(self, setting: str) -> str:
        """The game's rules, with their setting ``setting`` where they have one, as
        SUMMARY's settings line writes them (``standard``)."""
        return "standard"

    def variant_label(self, label: str) -> str:
        """The variant as game mail names it (``Standard``)."""
        return label

    # The rules of removals in civil disorder a game master may choose from (names of
    # judge.engine.rules.DISORDER_RULES, the default first); none where the rules
    # remove by their own (random in the multiverse, Outer Space's orbits).
    disorder_rules: tuple[str, ...] = ()

    def with_disorder_rule(self, doc: Document, name: str) -> Document:
        """The position to adjudicate when the game removes in civil disorder by the
        rule ``name`` (SET CD RULE): unchanged where the rules offer no choice."""
        return doc

    def played_as(self, setting: str) -> Ruleset:
        """These rules as a game plays them whose rules setting (``Game.adjacency``:
        ``strict``, ``5dplomacy``) refines them; by default unchanged."""
        return self

    def for_document(self, doc: Mapping[str, Any]) -> Ruleset:
        """These rules as a stored position plays them (a multiverse world names its
        rule set); by default unchanged."""
        return self

    def written(self, text: str) -> str:
        """An order (or a unit) as this game writes it to its players, from the
        judge's canonical wording; by default that wording."""
        return text

    def turn_label(self, phase: str) -> str:
        """A game phase code (``S1901M``), or a board's turn (``S1901``, in a map
        picture's board labels), as the game's subjects and labels name it; by
        default the code itself."""
        return phase

    def turn_title(self, phase: str, number: int) -> str:
        """A game phase in words, for a page's title (``Movement for Spring of 1901``
        for S1901M); ``number`` is its turn, the number of its results report."""
        from judge.reports.phases import describe_phase

        return describe_phase(phase)

    def timeline_label(self, timeline: Any) -> str:
        """A timeline as the game's players name it: its number."""
        return str(timeline)

    def read_location(self, text: str) -> Location:
        """The location one word of the judge's canonical order text names (a
        multiverse game's ``1:mun:S1901``, an :class:`~judge.engine.boards.MLoc`);
        by default the word itself, a province code (``par``, ``stp/nc``)."""
        return text

    def locations_in(self, text: str) -> Iterator[tuple[int, int, Location]]:
        """``(start, end, location)`` of each location on a board written in ``text``
        (an order line), from the left; none in a game of one board, whose
        locations are plain words."""
        return iter(())

    def write_location(self, loc: Location) -> str:
        """A location as this game writes it to its players: by default the
        province code (``par``)."""
        return str(loc)

    # ----------------------------------------------------------- its orders

    def order_decoding(self) -> OrderDecoding:
        """What the game's stored orders are read back with (:mod:`judge.orders.data`):
        the order kinds of its engine hooks, every location a plain string."""
        return decoding_of(self.engine)

    report_kinds: ClassVar[Mapping[str, tuple[str, str]]] = {}
    """The ruleset's own order kinds as its reports word them: kind name -> (the
    standard kind it reads like, ``move``, ``support`` ...; the note after its
    destination, `` by rail``)."""
    report_verbs: ClassVar[Mapping[str, str]] = {}
    """Its own order verbs as its canonical text writes them (``col``) -> the word its
    reports give them (``COLONIZE``: ``Army Paris COLONIZE.``)."""

    def order_words(self) -> OrderWords:
        """How the game's reports and pictures word its orders: the standard kinds
        with :attr:`report_kinds` and :attr:`report_verbs`."""
        from judge.reports.sentences import OrderWords

        return OrderWords.of(self.report_kinds, self.report_verbs)


def with_notes(settings: ReportSettings, notes: Sequence[str]) -> ReportSettings:
    """The report settings with the rules' ``notes`` first among the notices."""
    if not notes:
        return settings
    return replace(settings, notices=(*notes, *settings.notices))


def _owners(units: Iterable[Mapping[str, Any]]) -> set[str]:
    return {str(u.get("power")) for u in units if u.get("power")}


def beyond_text(name: str, allowed: int, place: str, noun: str) -> str:
    """Why an adjustment order beyond the power's allowance will not count: ``France
    may build 2 on timeline 2, W1901: this build is beyond them and will not count``."""
    verb = "must remove" if noun == "removal" else "may build"
    them = "it" if allowed == 1 else "them"
    return f"{name} {verb} {allowed}{place}: this {noun} is beyond {them} and will not count"


def unanswered(items: Iterable[Owed], keys: Iterable[OrderKey]) -> list[str]:
    """The owed items no order answers: units by key; builds (a build or a waive
    each) and removals by count, on the item's board when it names one (waives,
    which name none, answer the builds of the first boards)."""
    keys = set(keys)
    waives = sum(1 for k in keys if k.is_waive)
    units = {k.unit_place for k in keys}  # compared as places: no key made per item
    # The builds (True) and the others, counted in all and per board once: a long
    # multiverse game owes on hundreds of boards, each asked about below.
    counted: Counter[tuple[bool, Any]] = Counter()
    for k in keys:
        if not k.is_waive:
            counted[(k.is_build, None)] += 1
            if k.board is not None:
                counted[(k.is_build, k.board)] += 1
    left = []
    for item in items:
        if item.key in ("build", "remove"):
            building = item.key == "build"
            given = counted[(building, item.board)]
            if building:
                taken = min(waives, max(item.count - given, 0))
                given, waives = given + taken, waives - taken
            short = item.count - given
            if short > 0:
                noun = "build" if building else "removal"
                where = f" {item.label}" if item.label else ""
                left.append(f"{short} {noun}{'s' if short > 1 else ''}{where}")
        elif place_of(item.key) not in units:
            left.append(item.label)
    return left


def owed_adjustments(changes: Mapping[str, int]) -> dict[str, list[Owed]]:
    """What each power owes in an adjustment phase, of the builds (positive) or
    removals (negative) ``EngineRules.owed_changes`` counts."""
    return {
        power: [Owed("build", "", change) if change > 0 else Owed("remove", "", -change)]
        for power, change in changes.items()
        if change
    }
