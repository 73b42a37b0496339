# A local stand-in for the official postgres image (Docker Hub out of reach): Debian's
# PostgreSQL 15 on the local Debian base, started as the official image starts (PGDATA,
# POSTGRES_DB, POSTGRES_HOST_AUTH_METHOD). Built by `npm run test:compose`.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /usr/share/doc/* /usr/share/man/*
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
# Fast shutdown, as the official image asks for.
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["/bin/sh", "/usr/local/bin/docker-entrypoint.sh"]
CMD ["postgres"]
