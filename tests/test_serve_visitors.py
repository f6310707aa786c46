"""Who holds which lesson pages (``bulka_teach.serve.visitors``) and the sentences of the door (``gate``), without a
server; ``tests/browser/test_visitors.py`` runs them on one."""
from __future__ import annotations

from bulka_teach.serve.gate import CONTEST_OPEN, DEAL_OPEN, class_full, too_many
from bulka_teach.serve.kernels import fitting_kernels
from bulka_teach.serve.visitors import Visitor, Visitors, new_token, practice_deal, token_of

PRACTICE = "czech-bulka/10-practice.ipynb"


def test_a_contest_is_a_practice_lesson_with_contest_1_and_a_deal() -> None:
    assert practice_deal(PRACTICE, "contest=1&deal=CB2-std-4KQ7M2XA") == ("cb2-std-4kq7m2xa", True)
    assert practice_deal("trappola/09-practice.ipynb", "deal=TR2-x&contest=1") == ("tr2-x", True)
    assert practice_deal(PRACTICE, "contest=0&deal=CB2-std-4KQ7M2XA") == ("cb2-std-4kq7m2xa", False)
    assert practice_deal(PRACTICE, "contest=yes&deal=CB2-std-4KQ7M2XA") == ("cb2-std-4kq7m2xa", True), \
        "a mistyped contest link stays a contest, as the table reads it"
    assert practice_deal(PRACTICE, "contest=1") is None
    assert practice_deal(PRACTICE, "?contest=1&deal=A1&deal=B2") == ("a1", True), "the first code, the one dealt"
    assert practice_deal("czech-bulka/05-melds.ipynb", "contest=1&deal=CB2-std-4KQ7M2XA") is None
    assert len(practice_deal(PRACTICE, "contest=1&deal=" + "A" * 10_000)[0]) == 64  # type: ignore[index]


def test_a_contest_deal_has_no_other_tab_of_the_same_deal() -> None:
    visitors = Visitors(limit=4)
    ann = Visitor("10.0.0.1", new_token())
    contest = visitors.open(ann, ("cb2-x", True))
    practice = visitors.open(ann, ("cb2-y", False))
    assert visitors.rival_pages(ann, "cb2-x", contest=False) == [contest], "no practice tab beside the contest"
    assert visitors.rival_pages(ann, "cb2-x", contest=True) == [contest]
    assert visitors.rival_pages(ann, "cb2-y", contest=True) == [practice], "no contest beside a practice tab"
    assert visitors.rival_pages(ann, "cb2-y", contest=False) == [], "practice tabs of one deal may be many"
    assert visitors.rival_pages(Visitor("10.0.0.1", new_token()), "cb2-x", contest=True) == [], "a classmate"


def test_only_the_servers_own_tokens_are_visitor_cookies() -> None:
    token = new_token()
    assert token_of(token) == token and token_of(None) is None
    assert token_of("x" * 32) is None and token_of(token + "0") is None and token_of("'; drop") is None


def test_a_visitor_at_the_limit_gives_up_the_oldest_pages() -> None:
    visitors = Visitors(limit=3)
    ann = Visitor("10.0.0.1", new_token())
    pages = [visitors.open(ann) for _ in range(4)]  # a fourth page slipped in (two requests at once)
    assert visitors.make_room(ann) == pages[:2]
    assert visitors.make_room(Visitor("10.0.0.1", new_token())) == [], "a classmate behind the same address"


def test_pages_whose_kernel_is_gone_are_forgotten() -> None:
    visitors = Visitors(limit=4)
    ann = Visitor("10.0.0.1", new_token())
    kept, gone, failed, waiting = (visitors.open(ann) for _ in range(4))
    kept.kernel_id, gone.kernel_id = "k1", "k2"
    failed.finished = True  # its request ended without naming a kernel
    visitors.prune(lambda kernel_id: kernel_id == "k1")
    assert visitors.pages(ann) == [kept, waiting] and visitors.waiting() == 1


def test_a_page_asked_for_without_the_cookie_is_its_browsers_once_its_widgets_connect() -> None:
    visitors = Visitors(limit=4)
    address = Visitor("10.0.0.1", None)
    first = visitors.open(address)
    first.kernel_id = "k1"
    ann = Visitor("10.0.0.1", new_token())
    visitors.confirm("k1", ann)
    assert visitors.pages(ann) == [first] and visitors.pages(address) == [] and first.visitor == ann


def test_the_door_speaks_in_sentences() -> None:
    full = class_full(40)
    assert full.status == 503 and full.retry_after == 60
    assert "<h1 class=\"refusal\">The class is full: try again in a minute</h1>" in full.html()
    assert too_many(4).status == 429 and "try again in half a minute" in too_many(4).html()
    assert CONTEST_OPEN.status == 409
    assert "already open in another tab of yours: close this one and go back to it." in CONTEST_OPEN.html()
    assert DEAL_OPEN.status == 409 and "close that tab, then open the contest link again" in DEAL_OPEN.html()


def test_the_maximum_counts_what_the_memory_holds_after_a_reserve() -> None:
    assert fitting_kernels(22_439) == 219  # this machine: (22,439 MB available - 512) / 100 MB
    assert fitting_kernels(300) == 0
