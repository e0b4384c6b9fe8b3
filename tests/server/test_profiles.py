"""Profiles against a real server: names, the session cookie, passwords, passkeys,
sign out, rename and delete, each refusal a JSON {error, code}."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cbor2
import httpx
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from server_helpers import ServerProcess

from tablier.server.people.session import COOKIE

GENEROUS = {"TABLIER_PROFILES_PER_MINUTE": "1000", "TABLIER_SIGN_INS_PER_MINUTE": "1000"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    base = tmp_path_factory.mktemp("profiles")
    proc = ServerProcess(base / "p.db", base / "server.log", env=GENEROUS).start()
    yield proc
    proc.stop()


def _db(site: ServerProcess) -> sqlite3.Connection:
    return sqlite3.connect(site.db_url.removeprefix("sqlite:///"))


def _browser(site: ServerProcess) -> httpx.Client:
    return httpx.Client(base_url=site.http, timeout=30)


def _refused(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text[:300]
    assert response.headers["content-type"].startswith("application/json")
    body: dict[str, Any] = response.json()
    assert body["code"] == code and isinstance(body["error"], str) and body["error"]
    return body


def _new_profile(site: ServerProcess, name: str) -> tuple[httpx.Client, dict[str, Any]]:
    browser = _browser(site)
    made = browser.post("/api/profiles", json={"name": name})
    assert made.status_code == 201, made.text
    profile: dict[str, Any] = made.json()["profile"]
    return browser, profile


def _unique(stem: str) -> str:
    return f"{stem} {os.urandom(3).hex()}"


# ------------------------------------------------------------------ names and the cookie
def test_a_name_makes_a_profile_held_by_a_secure_cookie(site: ServerProcess) -> None:
    browser = _browser(site)
    assert browser.get("/api/me").json() == {"profile": None}
    made = browser.post("/api/profiles", json={"name": "  Élodie   la  Grande "})
    assert made.status_code == 201
    profile = made.json()["profile"]
    assert set(profile) == {"id", "name", "has_password", "passkeys"}
    assert profile["name"] == "Élodie la Grande"
    assert profile["has_password"] is False and profile["passkeys"] == 0

    cookie = made.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    lowered = cookie.lower()
    assert "httponly" in lowered and "samesite=lax" in lowered and "path=/" in lowered
    assert "max-age=31536000" in lowered
    # plain http (this test server): a Secure cookie would never come back
    assert "secure" not in lowered.replace("samesite", "")
    assert browser.get("/api/me").json() == {"profile": profile}

    # only the token's SHA-256 is stored
    token = browser.cookies[COOKIE]
    with _db(site) as db:
        stored = [row[0] for row in db.execute("select token_hash from sessions")]
    assert hashlib.sha256(token.encode()).hexdigest() in stored
    assert token not in stored

    # a second profile from a browser already signed in would orphan the first
    _refused(browser.post("/api/profiles", json={"name": "Autre"}), 409, "signed_in")


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("x" * 41, "name_long"),
        ("Bip\u0007", "name_control"),
        ("Zé\u200bro", "name_control"),
        ("", "name_empty"),
        ("   ", "name_empty"),
        ("Ordinateur (difficile)", "name_reserved"),
        ("Computer (hard)", "name_reserved"),
        ("ÔRDI-NATEUR fort", "name_reserved"),
        ("Joueur supprimé", "name_reserved"),
    ],
)
def test_bad_names_are_refused_with_a_code(site: ServerProcess, name: str, code: str) -> None:
    browser = _browser(site)
    body = json.dumps({"name": name}).encode()
    answer = browser.post(
        "/api/profiles", content=body, headers={"content-type": "application/json"}
    )
    _refused(answer, 400, code)
    assert COOKIE not in browser.cookies
    assert browser.get("/api/me").json() == {"profile": None}


def test_text_that_is_not_unicode_is_refused_as_json(site: ServerProcess) -> None:
    browser = _browser(site)
    # a lone surrogate cannot be read as text at all: the body's check refuses it
    body = json.dumps({"name": "\ud800"}).encode()
    answer = browser.post(
        "/api/profiles", content=body, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 422 and answer.json()["error"]
    assert browser.get("/api/me").json() == {"profile": None}


def test_a_name_taken_even_folded_differently_is_refused(site: ServerProcess) -> None:
    stem = os.urandom(3).hex()
    _new_profile(site, f"Noémie {stem}")
    for look_alike in (f"noemie {stem}", f"NOÉMIE  {stem}", f"Noe-mie{stem}"):
        answer = _browser(site).post("/api/profiles", json={"name": look_alike})
        _refused(answer, 400, "name_taken")


def test_one_name_asked_by_many_at_once_goes_to_one(site: ServerProcess) -> None:
    name = _unique("Simultané")

    async def ask_all() -> list[int]:
        async def one() -> int:
            async with httpx.AsyncClient(base_url=site.http, timeout=30) as browser:
                answer = await browser.post("/api/profiles", json={"name": name})
                if answer.status_code != 201:
                    assert answer.json()["code"] == "name_taken", answer.text
                return answer.status_code

        return list(await asyncio.gather(*(one() for _ in range(8))))

    statuses = asyncio.run(ask_all())
    assert sorted(statuses) == [201] + [400] * 7


def test_rename_checks_the_name_and_frees_the_old_one(site: ServerProcess) -> None:
    first, mine = _new_profile(site, _unique("Basile"))
    _, other = _new_profile(site, _unique("Capucine"))
    _refused(first.patch("/api/me", json={"name": other["name"].upper()}), 400, "name_taken")
    _refused(first.patch("/api/me", json={"name": "Computer (easy)"}), 400, "name_reserved")
    # the same name in other letters is still one's own
    renamed = first.patch("/api/me", json={"name": mine["name"].lower()})
    assert renamed.status_code == 200 and renamed.json()["profile"]["name"] == mine["name"].lower()
    fresh = _unique("Barnabé")
    assert first.patch("/api/me", json={"name": fresh}).json()["profile"]["id"] == mine["id"]
    assert first.get("/api/me").json()["profile"]["name"] == fresh
    # the name left behind is free for someone else
    _new_profile(site, mine["name"])
    _refused(_browser(site).patch("/api/me", json={"name": "Personne"}), 401, "profile_needed")


# ------------------------------------------------------------------ passwords
def test_a_password_secures_a_profile_for_another_device(site: ServerProcess) -> None:
    name = _unique("Héloïse")
    phone, profile = _new_profile(site, name)
    _refused(phone.post("/api/me/password", json={"password": "court"}), 400, "password_short")
    _refused(phone.post("/api/me/password", json={"password": "x" * 300}), 400, "password_long")
    _refused(
        _browser(site).post("/api/me/password", json={"password": "assez long"}),
        401,
        "profile_needed",
    )
    secured = phone.post("/api/me/password", json={"password": "cheval agrafe"})
    assert secured.status_code == 200
    assert secured.json()["profile"] == {**profile, "has_password": True}
    assert "argon2" not in secured.text and "hash" not in secured.text
    with _db(site) as db:
        (stored,) = db.execute(
            "select password_hash from profiles where id = ?", (profile["id"],)
        ).fetchone()
    assert stored.startswith("$argon2id$") and "cheval" not in stored

    # changing it asks for the current one
    _refused(
        phone.post("/api/me/password", json={"password": "nouveau mot"}), 401, "password_wrong"
    )
    _refused(
        phone.post("/api/me/password", json={"password": "nouveau mot", "current": "faux faux"}),
        401,
        "password_wrong",
    )

    laptop = _browser(site)
    wrong = laptop.post("/api/sessions/password", json={"name": name, "password": "pas le bon"})
    unknown = laptop.post(
        "/api/sessions/password", json={"name": _unique("Inconnu"), "password": "cheval agrafe"}
    )
    # the same answer whether the name exists or not
    assert _refused(wrong, 401, "sign_in_failed") == _refused(unknown, 401, "sign_in_failed")
    assert laptop.get("/api/me").json() == {"profile": None}

    signed = laptop.post(
        "/api/sessions/password", json={"name": f"  {name.upper()} ", "password": "cheval agrafe"}
    )
    assert signed.status_code == 200 and signed.json()["profile"]["id"] == profile["id"]
    assert laptop.get("/api/me").json()["profile"]["id"] == profile["id"]
    # both devices stay signed in
    assert phone.get("/api/me").json()["profile"]["id"] == profile["id"]


def test_sign_out_ends_the_session_for_good(site: ServerProcess) -> None:
    browser, _ = _new_profile(site, _unique("Suzon"))
    token = browser.cookies[COOKIE]
    out = browser.delete("/api/sessions/current")
    assert out.status_code == 200 and out.json() == {"profile": None}
    assert "max-age=0" in out.headers["set-cookie"].lower()
    assert browser.get("/api/me").json() == {"profile": None}
    # the old token, replayed, signs nobody in
    replay = httpx.get(f"{site.http}/api/me", cookies={COOKIE: token})
    assert replay.json() == {"profile": None}
    # a made-up or oversized cookie is just anonymous
    assert httpx.get(f"{site.http}/api/me", cookies={COOKIE: "x" * 5000}).json() == {
        "profile": None
    }


# ------------------------------------------------------------------ delete
def test_a_deleted_profile_keeps_its_games_without_its_name(site: ServerProcess) -> None:
    name = _unique("Gaspard")
    browser, profile = _new_profile(site, name)
    browser.post("/api/me/password", json={"password": "mot de passe"})
    room = site.create_room(
        game="kwinty",
        seats=[{"mine": True, "name": name}, {"kind": "computer", "level": "random"}],
        player_id=profile["id"],
    )
    games = site.get(f"/api/players/{profile['id']}/games").json()
    assert [g["room"] for g in games] == [room["room"]]

    gone = browser.delete("/api/me")
    assert gone.status_code == 200 and gone.json()["deleted"] == profile["id"]
    assert browser.get("/api/me").json() == {"profile": None}

    # the games are still there, under the same id, with no name
    after = site.get(f"/api/players/{profile['id']}/games").json()
    assert [g["room"] for g in after] == [room["room"]]
    with _db(site) as db:
        row = db.execute(
            "select name, name_key, password_hash, deleted_at from profiles where id = ?",
            (profile["id"],),
        ).fetchone()
        assert row[:3] == (None, None, None) and row[3] is not None
        for table in ("sessions", "passkeys", "webauthn_challenges"):
            count = db.execute(
                f"select count(*) from {table} where profile_id = ?", (profile["id"],)
            ).fetchone()
            assert count == (0,), table
        for table in ("seats", "game_seats"):
            names = db.execute(
                f"select name from {table} where player_id = ?", (profile["id"],)
            ).fetchall()
            assert names and all(n == (None,) for n in names), table
    _refused(
        _browser(site).post(
            "/api/sessions/password", json={"name": name, "password": "mot de passe"}
        ),
        401,
        "sign_in_failed",
    )
    # the name is free again
    _new_profile(site, name)


def test_profile_names_reads_deleted_ones_as_none(site: ServerProcess) -> None:
    import sqlalchemy as sa

    from tablier.server.people.session import profile_names

    _, kept = _new_profile(site, _unique("Léonie"))
    gone_browser, gone = _new_profile(site, _unique("Anatole"))
    gone_browser.delete("/api/me")
    engine = sa.create_engine(site.db_url)
    with engine.connect() as conn:
        names = profile_names(conn, [kept["id"], gone["id"], "nobody"])
    engine.dispose()
    assert names == {kept["id"]: kept["name"], gone["id"]: None}


# ------------------------------------------------------------------ rate limits
def test_profile_creation_and_sign_in_attempts_are_rate_limited(tmp_path: Path) -> None:
    env = {"TABLIER_PROFILES_PER_MINUTE": "3", "TABLIER_SIGN_INS_PER_MINUTE": "3"}
    proc = ServerProcess(tmp_path / "r.db", tmp_path / "server.log", env=env).start()
    try:
        for i in range(3):
            made = httpx.post(f"{proc.http}/api/profiles", json={"name": f"Nom {i}"})
            assert made.status_code == 201
        _refused(httpx.post(f"{proc.http}/api/profiles", json={"name": "Nom 9"}), 429, "too_many")
        attempt = {"name": "Nom 0", "password": "devinette"}
        for _ in range(3):
            _refused(
                httpx.post(f"{proc.http}/api/sessions/password", json=attempt),
                401,
                "sign_in_failed",
            )
        _refused(httpx.post(f"{proc.http}/api/sessions/password", json=attempt), 429, "too_many")
        _refused(httpx.post(f"{proc.http}/api/sessions/passkey/options", json={}), 429, "too_many")
    finally:
        proc.stop()


# ------------------------------------------------------------------ passkeys
def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftAuthenticator:
    """A platform authenticator in a few lines: one P-256 key, "none" attestation."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(16)
        self.user_handle = b""
        self.count = 0

    def _auth_data(self, rp_id: str, flags: int, attested: bytes = b"") -> bytes:
        self.count += 1
        return (
            hashlib.sha256(rp_id.encode()).digest()
            + bytes([flags])
            + self.count.to_bytes(4, "big")
            + attested
        )

    def create(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        attested = (
            bytes(16) + len(self.credential_id).to_bytes(2, "big") + self.credential_id + cose
        )
        # user present, user verified, attested credential data
        auth_data = self._auth_data(options["rp"]["id"], 0x01 | 0x04 | 0x40, attested)
        self.user_handle = _unb64(options["user"]["id"])
        client_data = json.dumps(
            {"type": "webauthn.create", "challenge": options["challenge"], "origin": origin}
        ).encode()
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": _b64(self.credential_id),
            "rawId": _b64(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": _b64(client_data),
                "attestationObject": _b64(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        auth_data = self._auth_data(options["rpId"], 0x01 | 0x04)
        client_data = json.dumps(
            {"type": "webauthn.get", "challenge": options["challenge"], "origin": origin}
        ).encode()
        signature = self.key.sign(
            auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256())
        )
        return {
            "id": _b64(self.credential_id),
            "rawId": _b64(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": _b64(client_data),
                "authenticatorData": _b64(auth_data),
                "signature": _b64(signature),
                "userHandle": _b64(self.user_handle),
            },
            "clientExtensionResults": {},
        }


def _register(browser: httpx.Client, key: SoftAuthenticator, origin: str) -> httpx.Response:
    asked = browser.post("/api/me/passkeys/options")
    assert asked.status_code == 200, asked.text
    options = asked.json()
    assert options["options"]["authenticatorSelection"]["residentKey"] == "required"
    credential = key.create(options["options"], origin)
    return browser.post(
        "/api/me/passkeys", json={"challenge_id": options["challenge_id"], "credential": credential}
    )


def _sign_in(
    browser: httpx.Client, key: SoftAuthenticator, origin: str, **ask: Any
) -> httpx.Response:
    asked = browser.post("/api/sessions/passkey/options", json=ask)
    assert asked.status_code == 200, asked.text
    options = asked.json()
    credential = key.get(options["options"], origin)
    return browser.post(
        "/api/sessions/passkey",
        json={"challenge_id": options["challenge_id"], "credential": credential},
    )


def test_a_passkey_secures_a_profile_and_signs_in_a_fresh_browser(site: ServerProcess) -> None:
    origin = site.http
    key = SoftAuthenticator()
    _refused(_browser(site).post("/api/me/passkeys/options"), 401, "profile_needed")
    phone, profile = _new_profile(site, _unique("Apolline"))
    registered = _register(phone, key, origin)
    assert registered.status_code == 201, registered.text
    assert registered.json()["profile"] == {**profile, "passkeys": 1}
    assert key.user_handle == profile["id"].encode()
    # the same authenticator twice: the options exclude it, the server refuses it
    again = phone.post("/api/me/passkeys/options").json()
    assert [c["id"] for c in again["options"]["excludeCredentials"]] == [_b64(key.credential_id)]

    laptop = _browser(site)
    # a discoverable credential: no name needed, no list of credentials sent
    asked = laptop.post("/api/sessions/passkey/options", json={}).json()
    assert asked["options"]["allowCredentials"] == []
    assert asked["options"]["rpId"] == "127.0.0.1"
    signed = _sign_in(laptop, key, origin)
    assert signed.status_code == 200, signed.text
    assert signed.json()["profile"]["id"] == profile["id"]
    assert laptop.get("/api/me").json()["profile"]["passkeys"] == 1

    # naming the profile lists its passkey
    named = laptop.post("/api/sessions/passkey/options", json={"name": profile["name"]}).json()
    assert [c["id"] for c in named["options"]["allowCredentials"]] == [_b64(key.credential_id)]
    unknown = laptop.post("/api/sessions/passkey/options", json={"name": "Personne ici"}).json()
    assert unknown["options"]["allowCredentials"] == []


def test_passkey_answers_are_checked(site: ServerProcess) -> None:
    origin = site.http
    key = SoftAuthenticator()
    phone, _ = _new_profile(site, _unique("Clémence"))

    # an answer made for another site
    refused = _register(phone, key, "https://evil.example")
    _refused(refused, 400, "passkey_refused")
    assert phone.get("/api/me").json()["profile"]["passkeys"] == 0

    # a challenge is used once
    options = phone.post("/api/me/passkeys/options").json()
    credential = key.create(options["options"], origin)
    body = {"challenge_id": options["challenge_id"], "credential": credential}
    assert phone.post("/api/me/passkeys", json=body).status_code == 201
    _refused(phone.post("/api/me/passkeys", json=body), 400, "passkey_expired")
    _refused(
        phone.post("/api/me/passkeys", json={"challenge_id": "nope", "credential": credential}),
        400,
        "passkey_expired",
    )

    laptop = _browser(site)
    # a sign-in challenge cannot register, nor a registration one sign in
    sign_in_options = laptop.post("/api/sessions/passkey/options", json={}).json()
    _refused(
        phone.post(
            "/api/me/passkeys",
            json={"challenge_id": sign_in_options["challenge_id"], "credential": credential},
        ),
        400,
        "passkey_expired",
    )
    # a key the server never saw
    _refused(_sign_in(laptop, SoftAuthenticator(), origin), 401, "passkey_unknown")
    # the right key, answering for another origin
    _refused(_sign_in(laptop, key, "http://localhost:1"), 401, "passkey_unknown")
    # a replayed sign-in answer
    asked = laptop.post("/api/sessions/passkey/options", json={}).json()
    answer = {
        "challenge_id": asked["challenge_id"],
        "credential": key.get(asked["options"], origin),
    }
    assert laptop.post("/api/sessions/passkey", json=answer).status_code == 200
    _refused(_browser(site).post("/api/sessions/passkey", json=answer), 400, "passkey_expired")
    assert laptop.get("/api/me").json()["profile"] is not None


def test_a_passkey_challenge_expires_and_belongs_to_its_profile(site: ServerProcess) -> None:
    origin = site.http
    key = SoftAuthenticator()
    first, _ = _new_profile(site, _unique("Firmin"))
    second, _ = _new_profile(site, _unique("Solène"))
    # a challenge issued to one profile cannot register a passkey for another
    options = first.post("/api/me/passkeys/options").json()
    credential = key.create(options["options"], origin)
    body = {"challenge_id": options["challenge_id"], "credential": credential}
    _refused(second.post("/api/me/passkeys", json=body), 400, "passkey_expired")
    # (and it is spent by the attempt)
    _refused(first.post("/api/me/passkeys", json=body), 400, "passkey_expired")

    # five minutes later, a challenge is no good
    options = first.post("/api/me/passkeys/options").json()
    credential = key.create(options["options"], origin)
    with _db(site) as db:
        db.execute(
            "update webauthn_challenges set expires_at = expires_at - 301 where id = ?",
            (options["challenge_id"],),
        )
    body = {"challenge_id": options["challenge_id"], "credential": credential}
    _refused(first.post("/api/me/passkeys", json=body), 400, "passkey_expired")
    assert first.get("/api/me").json()["profile"]["passkeys"] == 0


def test_a_lost_passkey_is_removed_and_opens_nothing(site: ServerProcess) -> None:
    origin = site.http
    lost, kept = SoftAuthenticator(), SoftAuthenticator()
    phone, profile = _new_profile(site, _unique("Perrine"))
    assert _register(phone, lost, origin).status_code == 201
    assert _register(phone, kept, origin).status_code == 201
    listed = phone.get("/api/me/passkeys").json()["passkeys"]
    assert {p["id"] for p in listed} == {_b64(lost.credential_id), _b64(kept.credential_id)}
    _refused(_browser(site).get("/api/me/passkeys"), 401, "profile_needed")

    # another profile cannot remove it
    other, _ = _new_profile(site, _unique("Quentin"))
    _refused(other.delete(f"/api/me/passkeys/{_b64(lost.credential_id)}"), 404, "passkey_unknown")

    removed = phone.delete(f"/api/me/passkeys/{_b64(lost.credential_id)}")
    assert removed.status_code == 200 and removed.json()["profile"]["passkeys"] == 1
    _refused(phone.delete(f"/api/me/passkeys/{_b64(lost.credential_id)}"), 404, "passkey_unknown")
    _refused(_sign_in(_browser(site), lost, origin), 401, "passkey_unknown")
    signed = _sign_in(_browser(site), kept, origin)
    assert signed.status_code == 200 and signed.json()["profile"]["id"] == profile["id"]
