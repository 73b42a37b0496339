# A local stand-in for node:20-bookworm-slim (Docker Hub out of reach): the host's Node and npm
# on the local Debian base. Built by `npm run test:compose` (packages/tooling/src/compose).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
# The machine's extra certificate authorities (its package traffic may pass a TLS proxy).
COPY extra-ca.pem /usr/local/share/extra-ca.pem
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca.pem
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
CMD ["node"]
