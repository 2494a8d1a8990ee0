"""Paging that always ends, and rows merged by id (Qt-free).

A server may send a ``Link: rel="next"`` that points at a page already seen
(the same page, or one earlier in the chain). Followed blindly, "Load more"
shows the same rows forever and :meth:`PetStoreClient.iter_pages` never ends.
:class:`PageTrail` remembers the pages visited and the ids shown:

* a next link already visited ends paging: :attr:`PageUpdate.end` is
  :attr:`PagingEnd.REPEATED`, with :data:`REPEATED_PAGE_MESSAGE` to show;
* a row whose id is already shown replaces that row (it may have changed)
  instead of being added twice.

Use one trail per list (per query): ``trail = PageTrail()``, then
``update = trail.add(page)`` for the first page and for each page "Load more"
fetches from :attr:`PageTrail.next_url`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import httpx

from petdesk.api.models import Pet
from petdesk.core.wording import QT_TRANSLATE_NOOP

__all__ = ["REPEATED_PAGE_MESSAGE", "PageTrail", "PageUpdate", "PagingEnd", "PetPage", "page_key"]

REPEATED_PAGE_MESSAGE = QT_TRANSLATE_NOOP(
    "PagingWording",
    "The service offered a page that was already shown, so PetDesk stopped loading more. "
    "All pets received are listed.")


class PagingEnd(enum.StrEnum):
    """Why there are no more pages."""

    #: The server offered no next link: the list is complete.
    LAST_PAGE = "last_page"
    #: The next link pointed at a page already visited: paging stopped there.
    REPEATED = "repeated"


def page_key(url: str) -> str:
    """The form two page addresses are compared in (httpx's normalisation)."""
    try:
        return str(httpx.URL(url))
    except (httpx.InvalidURL, ValueError, TypeError):
        return url


@dataclass(frozen=True)
class PetPage:
    """One page of ``GET /pets``; ``next_url`` is set when the server offers more.

    ``url`` is the address the page was fetched from; ``end`` is set by
    :meth:`PetStoreClient.iter_pages` on the last page it yields.
    """

    pets: list[Pet]
    next_url: str | None
    url: str | None = None
    end: PagingEnd | None = None


@dataclass(frozen=True)
class PageUpdate:
    """What one page changes in the list shown."""

    #: Rows whose id was not shown yet, in the server's order: append these.
    new: list[Pet]
    #: ``(position, pet)`` for rows already shown under that id: replace these.
    updated: list[tuple[int, Pet]]
    #: ``None`` while there are more pages.
    end: PagingEnd | None

    @property
    def message(self) -> str | None:
        """The plain sentence to show for :attr:`end`, if any."""
        return REPEATED_PAGE_MESSAGE if self.end is PagingEnd.REPEATED else None


@dataclass
class PageTrail:
    """The pages visited and the rows shown for one list (see the module docstring)."""

    pets: list[Pet] = field(default_factory=list)
    next_url: str | None = None
    end: PagingEnd | None = None
    _visited: set[str] = field(default_factory=set)
    _positions: dict[int, int] = field(default_factory=dict)

    def add(self, page: PetPage) -> PageUpdate:
        """Merge ``page`` (fetched from ``page.url``) into the list."""
        if page.url is not None:
            self._visited.add(page_key(page.url))
        new: list[Pet] = []
        updated: list[tuple[int, Pet]] = []
        for pet in page.pets:
            position = self._positions.get(pet.id)
            if position is None:
                self._positions[pet.id] = len(self.pets)
                self.pets.append(pet)
                new.append(pet)
            else:
                self.pets[position] = pet
                updated.append((position, pet))
        self.next_url = page.next_url
        self.end = None
        if page.next_url is None:
            self.end = PagingEnd.LAST_PAGE
        elif page_key(page.next_url) in self._visited:
            self.next_url, self.end = None, PagingEnd.REPEATED
        return PageUpdate(new, updated, self.end)
