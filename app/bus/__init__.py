"""The bus between instances: each change announced as a note every instance hears (PostgreSQL NOTIFY, Redis pub/sub); imports only app.infra."""
