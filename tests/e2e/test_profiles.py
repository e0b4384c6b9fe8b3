"""Profiles in a real browser: a guest chooses a name from the header chip, secures the
profile (a password, a passkey) on the account page, and a fresh browser signs in as
them; rename, sign out and delete by clicks."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import DESKTOP, PHONE, expect, page_errors

pytestmark = pytest.mark.e2e

SHOTS = Path("/work/helpers/shots/profiles")


def _shot(page: Any, name: str, full_page: bool = True) -> None:
    if SHOTS.is_dir():
        # the toasts ("Profil créé.") go first: they would hide part of the page
        page.wait_for_function("!document.querySelector('.toast')", timeout=10_000)
        # from the top: the sticky header would otherwise be drawn mid-page
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page, animations="disabled")


def _fresh_name(stem: str) -> str:
    return f"{stem} {os.urandom(2).hex()}"


def _chip(page: Any) -> Any:
    return page.locator("profile-chip .profile-chip")


def _open_account(page: Any) -> None:
    """Click the header chip, once the home page is drawn whole (as a person would)."""
    if page.url.endswith("/"):
        expect(page.locator(".game-card").first).to_be_visible()
    _chip(page).click()
    expect(page.locator("[data-view=account]")).to_be_visible()


def _create_from_chip(page: Any, name: str) -> None:
    """A guest clicks the header chip and chooses a name on the account page."""
    chip = _chip(page)
    expect(chip).to_have_text("Invité · Choisir un nom")
    _open_account(page)
    form = page.locator("[data-view=account] profile-form")
    expect(form).to_contain_text("Choisissez un nom pour jouer en ligne")
    field = form.locator("input[data-role=profile-name]")
    # the computer's name is not a person's: refused in words
    field.fill("Ordinateur (difficile)")
    form.locator("[data-action=create-profile]").click()
    expect(form.locator(".form-error")).to_contain_text("réservé aux joueurs du site")
    field.fill(name)
    form.locator("[data-action=create-profile]").click()
    expect(page.locator("[data-role=account-name]")).to_have_text(name)
    expect(chip).to_have_text(name[0].upper() + name)


def test_a_password_brings_the_profile_to_a_fresh_browser(
    web_server: Any, open_context: Any
) -> None:
    name = _fresh_name("Aurore")
    home = open_context(DESKTOP).new_page()
    errors = page_errors(home)
    home.goto(web_server.url + "/")
    _shot(home, "chip-guest-desktop", full_page=False)
    _create_from_chip(home, name)
    profile_id = _chip(home).get_attribute("data-profile")
    assert profile_id
    status = home.locator("[data-role=account-status]")
    expect(status).to_contain_text("Profil non sécurisé")
    _shot(home, "account-unsecured-desktop")

    password = home.locator("form[data-role=password]")
    password.locator("#password-new").fill("court")
    password.locator("[data-action=set-password]").click()
    # the browser's own check (minlength) or the server's words: either way not saved
    expect(home.locator("[data-role=password-state]")).to_have_text("Pas encore de mot de passe.")
    password.locator("#password-new").fill("jardin secret 42")
    password.locator("[data-action=set-password]").click()
    expect(status).to_have_text("Profil sécurisé : mot de passe.")
    expect(home.locator("[data-role=password-state]")).to_have_text(
        "Un mot de passe protège ce profil."
    )
    _shot(home, "account-secured-desktop")

    # another device: a fresh context knows nothing of the first
    laptop = open_context(DESKTOP).new_page()
    errors += page_errors(laptop)
    laptop.goto(web_server.url + "/")
    expect(_chip(laptop)).to_have_text("Invité · Choisir un nom")
    _open_account(laptop)
    sign_in = laptop.locator("form[data-role=sign-in]")
    sign_in.locator("#signin-name").fill(name.upper())
    sign_in.locator("#signin-password").fill("pas le bon mot")
    sign_in.locator("[data-action=sign-in]").click()
    expect(sign_in.locator(".form-error")).to_have_text(
        "Ce nom et ce mot de passe ne correspondent pas."
    )
    _shot(laptop, "account-guest-desktop")
    sign_in.locator("#signin-password").fill("jardin secret 42")
    sign_in.locator("[data-action=sign-in]").click()
    expect(laptop.locator("[data-role=account-name]")).to_have_text(name)
    expect(_chip(laptop)).to_have_attribute("data-profile", profile_id)
    # still there after a reload: the cookie holds it
    laptop.reload()
    expect(laptop.locator("[data-role=account-name]")).to_have_text(name)

    # rename on one device: the other sees the new name once it asks again
    renamed = _fresh_name("Aurélie")
    form = laptop.locator("form[data-role=rename]")
    form.locator("#rename-name").fill(renamed)
    form.locator("[data-action=rename]").click()
    expect(laptop.locator("[data-role=account-name]")).to_have_text(renamed)
    expect(_chip(laptop)).to_contain_text(renamed)
    home.reload()
    expect(_chip(home)).to_contain_text(renamed)

    # sign out: a secured profile leaves at once, and comes back with its password
    laptop.locator("[data-action=sign-out]").click()
    expect(_chip(laptop)).to_have_text("Invité · Choisir un nom")
    expect(laptop.locator("form[data-role=sign-in]")).to_be_visible()
    assert errors == []


def _virtual_authenticator(context: Any, page: Any) -> tuple[Any, str]:
    """Chromium's virtual platform authenticator (a phone's or laptop's own lock)."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, str(added["authenticatorId"])


def test_a_passkey_signs_the_profile_in_on_a_fresh_browser(
    web_server: Any, open_context: Any
) -> None:
    # WebAuthn needs a secure context: http://localhost is one, 127.0.0.1 is not a host name
    url = web_server.url.replace("127.0.0.1", "localhost")
    name = _fresh_name("Ysé")

    phone_context = open_context(DESKTOP)
    phone = phone_context.new_page()
    errors = page_errors(phone)
    cdp, authenticator = _virtual_authenticator(phone_context, phone)
    phone.goto(url + "/")
    _create_from_chip(phone, name)
    expect(phone.locator("[data-role=passkey-state]")).to_have_text("Aucune clé d'accès.")
    phone.locator("[data-action=add-passkey]").click()
    expect(phone.locator("[data-role=passkey-state]")).to_have_text("1 clé d'accès")
    expect(phone.locator("[data-role=passkeys] li")).to_have_count(1)
    expect(phone.locator("[data-role=account-status]")).to_have_text(
        "Profil sécurisé : 1 clé d'accès."
    )
    credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})[
        "credentials"
    ]
    assert len(credentials) == 1 and credentials[0]["isResidentCredential"]
    assert credentials[0]["rpId"] == "localhost"

    # the same passkey on another device (a synced passkey, or one carried by hand)
    other_context = open_context(DESKTOP)
    other = other_context.new_page()
    errors += page_errors(other)
    other_cdp, other_authenticator = _virtual_authenticator(other_context, other)
    other_cdp.send(
        "WebAuthn.addCredential",
        {"authenticatorId": other_authenticator, "credential": credentials[0]},
    )
    other.goto(url + "/?me")
    expect(_chip(other)).to_have_text("Invité · Choisir un nom")
    button = other.get_by_role("button", name="Utiliser une clé d'accès")
    button.click()
    expect(other.locator("[data-role=account-name]")).to_have_text(name)
    profile_id = _chip(phone).get_attribute("data-profile")
    expect(_chip(other)).to_have_attribute("data-profile", profile_id)

    _shot(phone, "account-passkey-desktop")

    # the phone is lost: its passkey is removed from the other device, and opens nothing
    other.locator("[data-action=remove-passkey]").click()
    expect(other.locator("[data-role=passkey-state]")).to_have_text("Aucune clé d'accès.")
    other.locator("[data-action=sign-out]").click()
    other.locator("[data-action=sign-out-confirm]").click()
    expect(_chip(other)).to_have_text("Invité · Choisir un nom")
    other.get_by_role("button", name="Utiliser une clé d'accès").click()
    expect(other.locator(".account-passkey .form-error")).to_have_text(
        "Cette clé d'accès n'ouvre aucun profil ici."
    )

    # a key the site does not know opens nothing, and says so in words
    stranger_context = open_context(DESKTOP)
    stranger = stranger_context.new_page()
    _virtual_authenticator(stranger_context, stranger)
    stranger.goto(url + "/?me")
    stranger.get_by_role("button", name="Utiliser une clé d'accès").click()
    expect(stranger.locator(".account-passkey .form-error")).to_have_text(
        "La clé d'accès n'a pas été utilisée (demande annulée ou expirée)."
    )
    expect(_chip(stranger)).to_have_text("Invité · Choisir un nom")
    assert errors == []


def test_delete_leaves_a_guest_and_frees_the_name(web_server: Any, open_context: Any) -> None:
    name = _fresh_name("Anatole")
    context = open_context(DESKTOP)
    page = context.new_page()
    errors = page_errors(page)
    page.goto(web_server.url + "/")
    # another tab of the same browser follows without a reload
    other_tab = context.new_page()
    other_tab.goto(web_server.url + "/")
    expect(_chip(other_tab)).to_have_text("Invité · Choisir un nom")
    _create_from_chip(page, name)
    expect(_chip(other_tab)).to_have_text(name[0].upper() + name)
    # an unsecured profile asks before signing out (it could not come back)
    page.locator("[data-action=sign-out]").click()
    expect(page.locator(".account-confirm")).to_contain_text("vous ne pourrez plus y revenir")
    page.get_by_role("button", name="Annuler").click()
    page.locator("[data-action=delete]").click()
    expect(page.locator(".account-confirm")).to_contain_text(f"Supprimer « {name} »")
    _shot(page, "account-delete-confirm-desktop")
    page.locator("[data-action=delete-confirm]").click()
    expect(_chip(page)).to_have_text("Invité · Choisir un nom")
    expect(_chip(other_tab)).to_have_text("Invité · Choisir un nom")
    expect(page.locator("[data-view=account] profile-form")).to_be_visible()
    # the name is free again
    page.locator("[data-view=account] profile-form input").fill(name)
    page.locator("[data-action=create-profile]").click()
    expect(page.locator("[data-role=account-name]")).to_have_text(name)
    assert errors == []


def test_the_chip_and_account_page_fit_a_phone(web_server: Any, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        errors = page_errors(page)
        page.goto(web_server.url + "/")
        chip = _chip(page)
        # on two short lines: "Invité" over "Choisir un nom"
        expect(chip).to_be_visible()
        assert chip.inner_text().split() == ["Invité", "Choisir", "un", "nom"]
        _shot(page, "chip-guest-phone", full_page=False)
        _fits(page, chip)
        expect(page.locator(".game-card").first).to_be_visible()
        chip.tap()
        expect(page.locator("[data-view=account] profile-form")).to_be_visible()
        _shot(page, "account-guest-phone")
        long_name = "Maximilienne de la Tour d'Argent"
        page.locator("[data-view=account] profile-form input").fill(long_name)
        page.locator("[data-action=create-profile]").tap()
        expect(page.locator("[data-role=account-name]")).to_be_visible()
        # a long name is cut short in the header, never pushed off the screen
        expect(chip).to_contain_text("Maximilienne")
        _fits(page, chip)
        _shot(page, "account-phone")
        page.goto(web_server.url + "/")
        expect(chip).to_contain_text("Maximilienne")
        _fits(page, chip)
        _shot(page, "chip-named-phone", full_page=False)
        # in English too
        page.locator("button.lang[data-lang=en]").tap()
        page.goto(web_server.url + "/?me")
        expect(page.locator("h2#secure-title")).to_have_text("Secure the profile")
        _fits(page, chip)
        assert errors == []
    finally:
        context.close()


def _fits(page: Any, chip: Any) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = chip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    # the language buttons stay whole beside it
    languages = page.locator(".lang-switch").bounding_box()
    assert languages is not None and languages["x"] >= box["x"] + box["width"]
    assert languages["x"] + languages["width"] <= width
    header = page.locator("header.top").bounding_box()
    assert header is not None
    # the header's links ("Mes parties") keep one line each, clear of the chip
    for link in page.locator(".top-nav a").all():
        assert link.evaluate("a => a.getClientRects().length") == 1
        place = link.bounding_box()
        assert place is not None and place["x"] + place["width"] <= box["x"]
    # one line of header: the chip sits inside it
    assert box["y"] >= header["y"] and box["y"] + box["height"] <= header["y"] + header["height"]
