"""A person at a seat, in the terminal (``wolfdsl play RULESET --seat 3``).

:class:`HumanAgent` is a :class:`~wolfdsl.seats.router.SeatPlayer`: it prints what the
seat may know as it happens (its card and teammates, what it is told, public events,
its own actions), narrated like ``wolfdsl run`` narrates, and asks each decision — the
ruleset's question (its ``ask`` clause: "Poison someone tonight?"), else the action's verb
— with its legal choices:

- a seat: type its number (``0`` passes or abstains where the rules allow);
- several seats: their numbers, separated by spaces;
- yes/no and other choices: the number in front of the option;
- ``?``: each choice the rules forbid, with the rule that forbids it; ``? 5``: that one.

An answer the rules forbid is refused with the rule's reason, and the question asked
again. End of input (Ctrl-D) stops the game like Ctrl-C.
"""
from __future__ import annotations

from typing import Any, Callable

from ..play.agents import Request
from ..present.narrate import seat_label, teller

PROMPT = "> "


class HumanAgent:
    """The seat ``seat`` played at the terminal; ``ruleset`` (optional) gives display
    names; ``read``/``write``: a line in (without its newline; raises ``EOFError``) and
    a line out; ``lang`` (``en``, ``zh``): the narration's and the questions' language."""

    seat_player = True

    def __init__(self, seat: int, ruleset: Any = None, read: Callable[[str], str] | None = None,
                 write: Callable[[str], None] | None = None, lang: str = "en"):
        self.seat = seat
        self.ruleset = ruleset
        self.read = read or input
        self.write = write or (lambda text: print(text, flush=True))
        self.lang = lang
        self.teller = teller(ruleset, lang)
        self.players = 0

    # ---------------------------------------------------------------- what the seat sees
    def start(self, hello: dict) -> None:
        self.teller = teller(self.ruleset, self.lang)
        self.players = hello["players"]
        t = self.teller
        w = self.write
        w(f"{hello['ruleset']}, {hello['players']} players. You are seat {self.seat} ({seat_label(self.seat)}).")
        w(f"Your card: {self._card(hello)}.")
        if hello.get("teammates"):
            w(f"Your team ({hello['team']}): {', '.join(seat_label(s) for s in hello['teammates'])}.")
        deck = ", ".join(f"{t.role_name(r)}" + (f" ×{k}" if k > 1 else "") for r, k in hello["deck"].items())
        w(f"The deck: {deck}.")
        w("Answer each question with the number of your choice; ? shows the choices the rules forbid, and why.")

    def _card(self, card: dict) -> str:
        t = self.teller
        roles = getattr(self.ruleset, "roles", None) or {}
        zh = getattr(roles.get(card.get("role")), "name_zh", "") if self.lang != "zh" else ""
        return f"{t.role_name(card.get('role'))}{' ' + zh if zh else ''} ({t.faction_name(card.get('faction') or '?')})"

    def observe(self, event: dict) -> None:
        if event["type"] in ("game_start", "game_over"):
            return  # the hello and the end say it
        if event["type"] == "inform":
            self.teller.told.clear()  # a person is told again what he was told before
        for line in self.teller.tell(event):
            self.write(line)

    def nobody_announced(self, day: int, phase: str) -> None:
        """The rules announced nobody dead: by day, a peaceful night (平安夜)."""
        if phase == "day":
            for line in self.teller.peaceful(day):
                self.write(line)

    def card(self, card: dict) -> None:
        self.write(f"Your card is now: {self._card(card)}.")

    def end(self, info: dict) -> None:
        t = self.teller
        if not info["over"]:
            self.write("\nThe game stops here, with no winner yet.")
            return
        winners = " and ".join(t.faction_name(f) for f in info["winners"]) or "nobody"
        mine = self.seat in info["winning_seats"]
        self.write(f"\nGame over: {winners} won ({info['reason']}). You {'won' if mine else 'lost'}.")

    def close(self, failed: bool) -> None:
        pass

    # ---------------------------------------------------------------- decisions
    def decide(self, request: Request) -> Any:
        options = self._menu(request)
        self.write("")
        self.write(self._question(request))
        if request.kind in ("seat", "seats", "ballot"):
            seats = " ".join(k for k, _ in options if k != "0")
            self.write(f"  seats: {seats}" + (f"   0: {options[-1][1]}" if request.can_pass else ""))
        else:
            self.write("  " + "   ".join(f"{k}: {text}" for k, text in options))
        while True:
            try:
                text = self.read(PROMPT).strip()
            except EOFError:
                self.write("")
                raise KeyboardInterrupt() from None
            if not text:
                continue
            if text.startswith("?"):
                self._explain(request, text[1:].strip())
                continue
            answer, problem = self._parse(request, text)
            if problem is None:
                problem = request.why_not(answer)
            if problem is None:
                return answer
            self.write(f"  not allowed: {problem}")

    def _question(self, req: Request) -> str:
        """The question's line: the ruleset's ``ask`` text in the seat's language (English
        when it gives no Chinese), else the action's verb and how to answer."""
        w = self.teller.w
        when = (f"第{req.day}{w.get(req.phase, req.phase)}" if self.lang == "zh"
                else f"{req.phase.capitalize()} {req.day}")
        team = req.actor is None and req.by
        who = f" (for team {req.by})" if team else ""
        ask = req.ask
        if ask is not None and ask[0]:
            text = ask[1] if self.lang == "zh" and ask[1] else ask[0]
            if req.kind == "seats":  # how to type several seats, which the question need not say
                n = f"{req.count} seats" if req.count else "any number of seats"
                text += f" (choose {n}, separated by spaces)"
            if team:  # the team decides together: named in the seat's language
                when += f"（{self.teller.team_name(req.by)}）" if self.lang == "zh" else f", team {req.by}"
            return f"{when} · {text}"
        if req.kind == "ballot":
            what = "vote for a seat" + (", 0 to abstain" if req.can_pass else "")
        elif req.kind == "seat":
            what = "choose a seat" + (", 0 to pass" if req.can_pass else "")
        elif req.kind == "seats":
            n = f"{req.count} seats" if req.count else "any number of seats"
            what = f"choose {n}, separated by spaces" + (", 0 to pass" if req.can_pass else "")
        else:
            what = "choose one"
        verb = req.short.replace("_", " ")  # the action without its role: "check", "run for sheriff"
        return f"{when} · {verb}{who}: {what}"

    def _menu(self, req: Request) -> list[tuple[str, str]]:
        """``(key, text)`` for each legal choice; seats are keyed by their number."""
        if req.kind in ("seat", "seats", "ballot"):
            items = [(str(s), seat_label(s)) for s in req.options]
            if req.can_pass:
                items.append(("0", "pass" if req.kind != "ballot" else "abstain"))
            return items
        items = [(str(i), self._value(o)) for i, o in enumerate(req.options, 1)]
        if req.can_pass and req.kind != "yes_no":
            items.append(("0", "pass"))
        return items

    def _value(self, v: Any) -> str:
        if v is True:
            return "yes"
        if v is False:
            return "no"
        if isinstance(v, str):
            return self.teller.role_name(v)
        return str(v)

    def _parse(self, req: Request, text: str) -> tuple[Any, str | None]:
        words = text.replace(",", " ").split()
        if not all(w.isdigit() for w in words):
            return None, f"type a number{' or numbers' if req.kind == 'seats' else ''} from the list"
        nums = [int(w) for w in words]
        if nums == [0]:
            return None, None if req.can_pass else "a choice is required here; passing is not allowed"
        if req.kind == "seats":
            return tuple(sorted(nums)), None
        if len(nums) != 1:
            return None, "type one number"
        if req.kind in ("seat", "ballot"):
            return nums[0], None
        if 1 <= nums[0] <= len(req.options):
            return req.options[nums[0] - 1], None
        return None, f"type a number from 1 to {len(req.options)}"

    @staticmethod
    def _why_seat(req: Request, s: int) -> str | None:
        """Why seat ``s`` cannot be chosen: for several seats, asked with legal ones
        beside it, so that the reason is about ``s``."""
        if req.kind != "seats":
            return req.why_not(s)
        others = [o for o in req.options if o != s][:max(req.count - 1, 0)]
        return req.why_not(tuple(sorted([s, *others])))

    def _explain(self, req: Request, text: str) -> None:
        if text:
            answer, problem = self._parse(req, text)
            problem = problem or req.why_not(answer)
            self.write(f"  {text}: " + (problem or "allowed"))
            return
        said = False
        if req.kind in ("seat", "seats", "ballot"):
            for s in range(1, self.players + 1):
                if s not in req.options:
                    self.write(f"  {seat_label(s)}: {self._why_seat(req, s) or 'not offered'}")
                    said = True
        if not req.can_pass:
            self.write("  pass: a choice is required here; passing is not allowed")
            said = True
        if not said:
            self.write("  every choice is allowed")

