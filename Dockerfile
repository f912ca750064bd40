# The Diplomacy bot: `python -m bot` as a non-root user, the database on a volume.
#   docker build -t diplomacy-bot .
#   docker run -d --name diplomacy -e DISCORD_TOKEN=... -v diplomacy-data:/data diplomacy-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DIPLOMACY_DB=/data/diplomacy.sqlite3 \
    DIPLOMACY_ASSETS=/app/assets \
    LOG_LEVEL=INFO

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY renderer ./renderer
COPY bot ./bot
COPY assets ./assets
RUN pip install --no-cache-dir . \
    && useradd --system --uid 10001 --home-dir /data diplomacy \
    && mkdir -p /data && chown diplomacy /data

USER diplomacy
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
