"""The infrastructure every layer stands on: settings, the database and its tables, migrations, metrics and logs, tokens and hashes, loop services; imports nothing of app."""
