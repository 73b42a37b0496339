# A local stand-in for the official redis image (Docker Hub out of reach): Debian's Redis 7.0 on
# the local Debian base. As in the official image, `redis-server` without a config file accepts
# connections from the compose network. Built by `npm run test:compose`.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /usr/share/doc/* /usr/share/man/*
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
EXPOSE 6379
ENTRYPOINT ["/bin/sh", "/usr/local/bin/docker-entrypoint.sh"]
CMD ["redis-server"]
