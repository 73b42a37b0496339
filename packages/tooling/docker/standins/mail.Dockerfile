# A local stand-in for maildev/maildev (Docker Hub out of reach): the same MailDev release from
# the npm registry on the local Node image; SMTP on 1025, the inbox and its API on 1080.
ARG NODE_IMAGE
FROM ${NODE_IMAGE}
ARG MAILDEV_VERSION=2.2.1
RUN npm install -g --omit=dev maildev@${MAILDEV_VERSION} && npm cache clean --force
EXPOSE 1025 1080
ENTRYPOINT ["maildev"]
