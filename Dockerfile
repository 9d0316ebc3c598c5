FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /srv/doi
COPY pyproject.toml README.md alembic.ini ./
COPY engine ./engine
COPY app ./app
COPY bots ./bots
COPY migrations ./migrations
RUN pip install . \
    && useradd --create-home --uid 10001 doi \
    && mkdir -p /srv/doi/var && chown doi:doi /srv/doi/var
COPY templates ./templates
COPY static ./static
USER doi
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz')"
# Migrate first, then serve with uvicorn.
CMD ["sh", "-c", "doi db upgrade && doi serve --host 0.0.0.0 --port 8000"]
