"""A combatant's initiative through the fight: checks, freezing and fleeing, stuns, drops, skips.

Every function takes the state it works on and returns a new one (`InitiativeState` is
frozen): the engine keeps one per combatant, rebuilds it from its events, and calls these at
the moments the text names. The rules, in the text's words:

- "Characters act in initiative order, highest first."
- "Characters act in initiative order = result of Combat Experience roll (no degrees of success
  counted)." "Minimum initiative is 0, when various stun recovery checks are made."
- "If character fails the Combat Experience roll he can't act normally during the first round":
  a fearless one "can only freeze" ("can't act or move during their turn and defend themselves
  with three penalty dice"); "Non-fearless characters can also run and scream". "Characters
  that failed the initial Combat Experience roll again at the start of each combat turn until
  they succeed or the combat ends."
- "If character becomes stunned or some other way unable to act his initiative drop
  immediately to 0"; "When he is again able to act he roll new initiative check just like in
  the start of the combat".
- "Character can volentarily drop his initiative to any positive number lower than his current
  initiative."
- "Character can skip his turn and get +15 to his initiative count starting the next turn."

Where the text is silent, the choices are in docs/rules/combat-experience.md; each function
says which it makes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.combat_experience.difficulty import easier, stun_recovery_difficulty
from battlemap.rulesets.combat_experience.settings import DEFAULT_RULES, CheckRules

#: "Minimum initiative is 0, when various stun recovery checks are made."
MINIMUM_INITIATIVE = 0
#: The count at which stun recovery checks are made.
STUN_RECOVERY_COUNT = MINIMUM_INITIATIVE
#: "... get +15 to his initiative count starting the next turn."
SKIP_BONUS = 15
#: "Frozen characters ... defend themselves with three penalty dice."
FROZEN_DEFENCE_PENALTY_DICE = 3


class InitiativeRefused(BattlemapError):
    """A choice about initiative that the rules do not allow; `problem` says why."""


@dataclass(frozen=True)
class CheckOutcome:
    """A Combat Experience check read against its difficulty."""

    total: int
    difficulty: int
    success: bool
    #: Degrees of success (0 on a failure and on a bare success).
    degrees: int


def resolve_check(total: int, difficulty: int, rules: CheckRules = DEFAULT_RULES) -> CheckOutcome:
    """Read a check's `total` (rolled by the app or typed from the table: any whole number is
    accepted) against `difficulty`: a success when the total meets it."""
    success = total >= difficulty
    return CheckOutcome(total, difficulty, success, rules.degrees(total, difficulty))


def initiative_from(total: int) -> int:
    """The initiative a check's total gives: the total itself, no degrees counted, at least 0."""
    return max(MINIMUM_INITIATIVE, total)


class Condition(StrEnum):
    """What a combatant can do when his count comes."""

    #: Acts normally: a move and an attack, say.
    ACTING = "acting"
    #: "Can't act or move during their turn and defend themselves with three penalty dice."
    FROZEN = "frozen"
    #: Runs and screams: on his turn, moves at full speed in a random direction, trying to
    #: reach cover, and freezes there (see flight.py).
    FLEEING = "fleeing"
    #: Unable to act: initiative 0 until he recovers and rolls again.
    STUNNED = "stunned"


def failed_condition(fearless: bool, *, freezes: bool = False) -> Condition:
    """What a failed check leaves a combatant doing: a fearless one "can only freeze"; others
    "can also run and scream", which they do unless `freezes` (the player's or the game
    master's choice) says they freeze instead."""
    return Condition.FROZEN if fearless or freezes else Condition.FLEEING


@dataclass(frozen=True)
class InitiativeState:
    """One combatant's initiative in the fight.

    `initiative` is the count he acts on (a frozen or fleeing combatant's turn comes at it too);
    `opening` is the difficulty of his first check of the fight; `next_difficulty` the
    difficulty of the check he owes (a re-roll when frozen or fleeing, the recovery check when
    stunned), None when acting; `acted` whether he has acted in this fight (begun an action of
    his own: a frozen turn, a run and scream or a skip is not acting); `next_round_initiative`
    the initiative a skip gives him from the next round; `check` his last check.
    """

    fearless: bool
    opening: int
    initiative: int
    condition: Condition
    check: CheckOutcome
    next_difficulty: int | None = None
    acted: bool = False
    next_round_initiative: int | None = None

    @property
    def can_act(self) -> bool:
        """He may take actions (attack, cast...) on his turn."""
        return self.condition is Condition.ACTING

    @property
    def can_move(self) -> bool:
        """He moves on his turn (of his own will, or running and screaming)."""
        return self.condition in (Condition.ACTING, Condition.FLEEING)

    @property
    def reroll_due(self) -> int | None:
        """The difficulty of the check he rolls at the start of the next round, or None."""
        if self.condition in (Condition.FROZEN, Condition.FLEEING):
            return self.next_difficulty
        return None

    @property
    def defence_penalty_dice(self) -> int:
        """Penalty dice on his defence: three while frozen, none otherwise."""
        return FROZEN_DEFENCE_PENALTY_DICE if self.condition is Condition.FROZEN else 0


def _after_check(
    state: InitiativeState | None,
    *,
    fearless: bool,
    opening: int,
    outcome: CheckOutcome,
    failed_as: Condition,
) -> InitiativeState:
    initiative = initiative_from(outcome.total)
    if outcome.success:
        condition, next_difficulty = Condition.ACTING, None
    else:
        condition, next_difficulty = failed_as, easier(outcome.difficulty)
    acted = state.acted if state is not None else False
    return InitiativeState(
        fearless=fearless,
        opening=opening,
        initiative=initiative,
        condition=condition,
        check=outcome,
        next_difficulty=next_difficulty,
        acted=acted,
    )


def first_check(
    *,
    opening: int,
    fearless: bool,
    total: int,
    rules: CheckRules = DEFAULT_RULES,
    freezes: bool = False,
) -> InitiativeState:
    """The state after the opening check: initiative = the total (at least 0), and on a
    failure frozen (fearless, or `freezes`) or fleeing, owing a re-roll 5 easier."""
    outcome = resolve_check(total, opening, rules)
    return _after_check(
        None,
        fearless=fearless,
        opening=opening,
        outcome=outcome,
        failed_as=failed_condition(fearless, freezes=freezes),
    )


def start_round(
    state: InitiativeState, total: int | None = None, rules: CheckRules = DEFAULT_RULES
) -> InitiativeState:
    """The state at the start of a round.

    A skip's initiative takes effect. A frozen or fleeing combatant rolls again ("at the start
    of each combat turn") with `total`, at `state.reroll_due`: a success ends his fear and his
    initiative becomes the new total; a failure keeps him as he was (frozen stays frozen, a
    runner keeps running) at the new total, owing the next re-roll 5 easier. `total` must be
    given exactly when a re-roll is due.
    """
    if state.next_round_initiative is not None:
        state = replace(state, initiative=state.next_round_initiative, next_round_initiative=None)
    due = state.reroll_due
    if due is None:
        if total is not None:
            raise ValueError(f"no re-roll is due ({state.condition}), yet a total was given")
        return state
    if total is None:
        raise ValueError(f"a re-roll at difficulty {due} is due: its total is needed")
    outcome = resolve_check(total, due, rules)
    return _after_check(
        state,
        fearless=state.fearless,
        opening=state.opening,
        outcome=outcome,
        failed_as=state.condition,
    )


def reach_cover(state: InitiativeState) -> InitiativeState:
    """A runner who reached cover "freezes there"; anyone else is unchanged."""
    if state.condition is Condition.FLEEING:
        return replace(state, condition=Condition.FROZEN)
    return state


def mark_acted(state: InitiativeState) -> InitiativeState:
    """He has begun an action of his own: a stun from now on is recovered at 15."""
    if not state.can_act:
        raise InitiativeRefused("act", f"{_a(state.condition)} combatant cannot act")
    return state if state.acted else replace(state, acted=True)


def stun(state: InitiativeState) -> InitiativeState:
    """Stunned or otherwise unable to act: initiative 0 at once, and the difficulty of the
    recovery check fixed now (15, or the opening difficulty (+5 if not fearless) for a
    combatant stunned before he managed to act). A pending skip bonus is lost: recovery rolls
    a new initiative."""
    difficulty = stun_recovery_difficulty(
        opening=state.opening, fearless=state.fearless, acted=state.acted
    )
    return replace(
        state,
        initiative=MINIMUM_INITIATIVE,
        condition=Condition.STUNNED,
        next_difficulty=difficulty,
        next_round_initiative=None,
    )


def recover(
    state: InitiativeState,
    total: int,
    rules: CheckRules = DEFAULT_RULES,
    *,
    freezes: bool = False,
) -> InitiativeState:
    """Able to act again: the new check "just like in the start of the combat", at the
    difficulty `stun` fixed. Success: acting at the new total. Failure: frozen or fleeing as
    after a failed opening check, re-rolling each round 5 easier from that difficulty."""
    if state.condition is not Condition.STUNNED or state.next_difficulty is None:
        raise InitiativeRefused("recover", f"{_a(state.condition)} combatant is not stunned")
    outcome = resolve_check(total, state.next_difficulty, rules)
    return _after_check(
        state,
        fearless=state.fearless,
        opening=state.opening,
        outcome=outcome,
        failed_as=failed_condition(state.fearless, freezes=freezes),
    )


def drop_refusal(state: InitiativeState, count: int) -> str | None:
    """Why `state` may not drop his initiative to `count`, or None if he may."""
    if not state.can_act:
        return f"{_a(state.condition)} combatant cannot choose his initiative"
    if isinstance(count, bool) or not isinstance(count, int):
        return f"an initiative is a whole number, not {count!r}"
    if count <= 0:
        return f"{count} is not a positive number: he may drop only to 1 or more"
    if count >= state.initiative:
        return f"{count} is not lower than his initiative {state.initiative}"
    return None


def drop_initiative(state: InitiativeState, count: int) -> InitiativeState:
    """ "Drop his initiative to any positive number lower than his current initiative": his
    initiative is `count` from now on (later rounds included). InitiativeRefused otherwise."""
    reason = drop_refusal(state, count)
    if reason is not None:
        raise InitiativeRefused("drop", reason)
    return replace(state, initiative=count)


def skip_turn(state: InitiativeState) -> InitiativeState:
    """ "Skip his turn and get +15 to his initiative count starting the next turn": this round
    he does nothing; from the next round on his initiative is 15 higher."""
    if not state.can_act:
        raise InitiativeRefused("skip", f"{_a(state.condition)} combatant has no turn to skip")
    return replace(state, next_round_initiative=state.initiative + SKIP_BONUS)


def set_initiative(state: InitiativeState, count: int) -> InitiativeState:
    """His initiative set to `count` by a rule (an interrupt, an abort), never under 0."""
    return replace(state, initiative=max(MINIMUM_INITIATIVE, count))


def _a(condition: Condition) -> str:
    """ "an acting", "a frozen": the condition with its article, for messages."""
    return f"an {condition}" if condition[0] in "aeiou" else f"a {condition}"


@dataclass(frozen=True)
class Turn:
    """One combatant's place in the round: his initiative, then the tie-breakers."""

    actor: str
    initiative: int
    combat_experience: int = 0
    #: The engine's coin flip among tied combatants: higher goes first.
    coin: int = 0


def turn_order(turns: Iterable[Turn]) -> tuple[str, ...]:
    """Who acts in what order: highest initiative first; ties go to the higher Combat
    Experience, then the higher coin, then the actor's id (so the order is always defined)."""
    ordered = sorted(turns, key=lambda t: (-t.initiative, -t.combat_experience, -t.coin, t.actor))
    return tuple(turn.actor for turn in ordered)
