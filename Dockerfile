# Build stage: the project's wheel only. The wheel carries migrations/, templates/ and static/
# (setup.py bundles them into app/_files/), so the image needs no source tree beside the package.
FROM python:3.11-slim AS build
LABEL org.days-of-ire.image=doi
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY . .
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
LABEL org.days-of-ire.image=doi
# PORT: the port `doi serve` listens on (8000; with `docker run --network host`, pick a free one).
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PORT=8000
COPY --from=build /wheels /tmp/wheels
RUN pip install /tmp/wheels/*.whl \
    && rm -rf /tmp/wheels \
    && useradd --create-home --uid 10001 doi \
    && mkdir -p /srv/doi/var && chown doi:doi /srv/doi/var
# Without DOI_DATABASE_URL the app keeps its SQLite file in ./var (mount a volume there to keep it).
WORKDIR /srv/doi
USER doi
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
    CMD python -c "import os, urllib.request as u; u.urlopen('http://127.0.0.1:' + os.environ['PORT'] + '/healthz')"
# Migrate first, then serve (exec: uvicorn gets docker stop's SIGTERM and closes the sockets cleanly).
# Both steps refuse a guessable DOI_SECRET_KEY before they touch the database.
CMD ["sh", "-c", "doi db upgrade && exec doi serve --host 0.0.0.0 --port \"$PORT\""]
