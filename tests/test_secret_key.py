"""DOI_SECRET_KEY signs the guest and admin cookies: a server refuses to start with a key anyone
could guess (issue 30, item 11), and an unset key still means the random key kept in the database."""
from __future__ import annotations

import secrets

import pytest

from app import cli
from app.infra.settings import Settings, WeakSecretKey, get_settings, secret_key_problem
from app.main import create_app

# The key docker-compose.yml used to fill in when DOI_SECRET_KEY was unset.
OLD_COMPOSE_DEFAULT = "change-me-in-production"


@pytest.mark.parametrize("key", [
    OLD_COMPOSE_DEFAULT,
    "x" * 31,                                               # one character short
    "Change_Me_Please_0123456789abcdefghijk",               # a placeholder padded past 32 characters
    "replace-me-with-a-long-random-string-of-letters",
    "your-secret-key-here-0123456789abcdefgh",
    "a" * 64,                                               # long, but guessed at once
    "ab" * 32,
])
def test_a_short_placeholder_or_repetitive_key_is_refused(key):
    assert secret_key_problem(key)
    with pytest.raises(WeakSecretKey) as refused:
        Settings(secret_key=key).check_secret_key()
    assert key not in str(refused.value)  # the refusal lands in logs: it never repeats the key


def test_an_unset_key_and_a_random_32_character_key_are_accepted():
    assert secret_key_problem("") is None  # the server keeps a random key in its database
    assert secret_key_problem(secrets.token_urlsafe(24)) is None  # 32 characters
    Settings(secret_key=secrets.token_hex(32)).check_secret_key()


def test_the_app_refuses_to_start_with_the_old_compose_default_before_touching_the_database(tmp_path):
    db = tmp_path / "doi.sqlite3"
    with pytest.raises(WeakSecretKey, match="fewer than 32"):
        create_app(Settings(database_url=f"sqlite:///{db}", secret_key=OLD_COMPOSE_DEFAULT))
    assert not db.exists()


@pytest.mark.parametrize("command", [["serve", "--port", "1"], ["db", "upgrade"]])
def test_doi_serve_and_db_upgrade_exit_with_a_clear_message_on_a_placeholder_key(command, tmp_path, monkeypatch,
                                                                                  capsys):
    db = tmp_path / "doi.sqlite3"
    monkeypatch.setenv("DOI_DATABASE_URL", f"sqlite:///{db}")
    monkeypatch.setenv("DOI_SECRET_KEY", OLD_COMPOSE_DEFAULT)
    get_settings.cache_clear()
    try:
        assert cli.main(command) == 2
    finally:
        get_settings.cache_clear()
    err = capsys.readouterr().err
    assert "DOI_SECRET_KEY is refused" in err and "Leave it unset" in err
    assert OLD_COMPOSE_DEFAULT not in err
    assert not db.exists()  # refused before migrating anything

