# syntax=docker/dockerfile:1
# The Diplomacy bot as a container: `python -m bot` as a non-root user, the database in /data.
#
#   docker build -t diplomacy-bot .                     # add --build-arg UID=... GID=... to change the user
#   docker run -d --name diplomacy --restart unless-stopped --init \
#       -e DISCORD_TOKEN=your-bot-token -v diplomacy-data:/data diplomacy-bot
#
# The bot runs as uid:gid 10001:10001 (build args UID, GID). A named volume needs nothing
# more. For a bind mount of a host folder, the folder must be writable by that user: either
# `sudo chown 10001:10001 /srv/diplomacy`, or run as yourself with
# `--user "$(id -u):$(id -g)"`, or build with `--build-arg UID="$(id -u)" --build-arg GID="$(id -g)"`.
# The map geometry and fonts are package data: nothing but the installed package is needed.
# Without a token, see it play (into a host folder your user may write to, README.md):
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD/demo:/out" diplomacy-bot python -m bot demo /out

ARG PYTHON_IMAGE=python:3.11-slim-bookworm

# Stage 1: build the project's wheel and the wheels of its dependencies.
FROM ${PYTHON_IMAGE} AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY engine ./engine
COPY renderer ./renderer
COPY bot ./bot
RUN pip wheel --wheel-dir /wheels .

# Stage 2: the installed wheels only (no sources, no build tools, no pip cache).
FROM ${PYTHON_IMAGE}
ARG UID=10001
ARG GID=10001
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    DIPLOMACY_DB=/data/diplomacy.sqlite3 \
    LOG_LEVEL=INFO
# --non-unique: a host's uid or gid may already have a name in the image (e.g. gid 100, users).
RUN groupadd --non-unique --gid "${GID}" diplomacy \
    && useradd --non-unique --uid "${UID}" --gid "${GID}" --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin diplomacy \
    && mkdir /data \
    && chown "${UID}:${GID}" /data
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-index /wheels/*.whl

USER ${UID}:${GID}
WORKDIR /data
VOLUME ["/data"]
# `docker stop` sends SIGTERM. Run with --init (compose: `init: true`): the init process
# passes the signal on, where Python as PID 1 without a handler of its own would not see it.
STOPSIGNAL SIGTERM
# Healthy while the bot holds its lease, its gateway is connected, its database answers and
# its event loop writes its status (README: "Health and metrics"); no network is used.
# The first minute is for starting (migrations, connecting); three misses in a row make it
# unhealthy.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
