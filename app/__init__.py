"""The Days of Ire Online web application (FastAPI). Until the server issue lands it serves a
health page only."""
