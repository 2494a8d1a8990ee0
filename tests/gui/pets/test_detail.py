"""The detail panel (``petDetail``)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

from petdesk.api import Pet, PetStatus
from petdesk.gui.common.status_look import status_colour
from petdesk.gui.pets.detail import PetDetail

TEXT = QPalette.ColorRole.WindowText


def test_detail_shows_a_pet_and_follows_the_palette(qtbot) -> None:
    detail = PetDetail()
    qtbot.addWidget(detail)
    assert not detail.copyIdButton.isEnabled()
    pet = Pet(id=5, name="Rex", categoryId=2, status=PetStatus.SOLD)
    detail.show_pet(pet)
    assert (detail.idValue.text(), detail.nameValue.text(), detail.categoryValue.text(),
            detail.statusValue.text()) == ("5", "Rex", "2", "Sold")
    assert detail.copyIdButton.isEnabled() and detail.pet is pet
    assert not detail.statusIcon.pixmap().isNull()
    light = detail.statusValue.palette().color(TEXT)
    assert light == status_colour(PetStatus.SOLD, detail.palette())
    detail.show_pet(pet)  # the same pet again (selection shows it twice)
    assert detail.statusValue.text() == "Sold" and detail.statusValue.palette().color(TEXT) == light

    dark = QPalette(detail.palette())
    dark.setColor(QPalette.ColorRole.Base, QColor("#1e1e1e"))
    detail.setPalette(dark)  # a light/dark switch: the status is recoloured
    assert detail.statusValue.palette().color(TEXT) == status_colour(PetStatus.SOLD, dark)
    assert detail.statusValue.palette().color(TEXT) != light

    detail.show_pet(Pet(id=6, name="Tom", categoryId=1))
    assert detail.statusValue.text() == "No status" and detail.idValue.text() == "6"
    detail.show_message("gone")
    detail.show_pet(detail.pet)
    assert detail.messageLabel.isHidden()
    detail.show_pet(None)
    assert detail.idValue.text() == "—" and detail.statusIcon.pixmap().isNull()
    assert not detail.copyIdButton.isEnabled() and detail.pet is None
