import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_ENDPOINTS,
  emailPreferences as emailPreferencesSchema,
  markReadBody,
  newsItem,
  notification,
  notificationListQuery,
  ok,
  page,
  pageQuery,
  unreadCount,
  updateEmailPreferencesBody,
} from '@exchange/contracts';
import { requireAuth } from '../../../lib/auth-context.js';
import { responses } from '../../../lib/route-schemas.js';
import { listNews } from '../news/news-service.js';
import { unreadCountOf } from './notify.js';
import {
  emailPreferences,
  getNotification,
  listNotifications,
  markRead,
  updateEmailPreferences,
} from './notification-service.js';

const tags = ['notification'];

/** Notifications and the message centre, under /v1/notification. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, fanout: app.socket.fanout });

  app.get(
    NOTIFICATION_ENDPOINTS.announcements.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Announcements for everyone (visitors too), newest first, in the reader language',
        querystring: pageQuery,
        response: responses(page(newsItem)),
      },
    },
    async (request) =>
      ok(
        await listNews({
          db: app.db,
          language: request.language,
          query: { ...request.query, category: 'ANNOUNCEMENT' },
          now: app.clock.date(),
        }),
      ),
  );

  app.get(
    NOTIFICATION_ENDPOINTS.list.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Personal notifications, newest first (paged; unread=true for the unread only)',
        querystring: notificationListQuery,
        response: responses(page(notification)),
      },
    },
    async (request) =>
      ok(await listNotifications(deps(), requireAuth(request).userId, request.query)),
  );

  app.get(
    NOTIFICATION_ENDPOINTS.detail.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'One notification of the user',
        params: z.object({ id: z.string().uuid() }),
        response: responses(notification),
      },
    },
    async (request) =>
      ok(await getNotification(deps(), requireAuth(request).userId, request.params.id)),
  );

  app.get(
    NOTIFICATION_ENDPOINTS.unreadCount.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'How many personal notifications are unread',
        response: responses(unreadCount),
      },
    },
    async (request) =>
      ok({ unreadCount: await unreadCountOf(app.db, requireAuth(request).userId) }),
  );

  app.post(
    NOTIFICATION_ENDPOINTS.read.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Mark notifications read; answers the new unread count',
        body: markReadBody,
        response: responses(unreadCount),
      },
    },
    async (request) =>
      ok({
        unreadCount: await markRead(
          { ...deps(), now: app.clock.date() },
          requireAuth(request).userId,
          request.body.ids,
        ),
      }),
  );

  app.post(
    NOTIFICATION_ENDPOINTS.readAll.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Mark every notification read',
        response: responses(unreadCount),
      },
    },
    async (request) =>
      ok({
        unreadCount: await markRead(
          { ...deps(), now: app.clock.date() },
          requireAuth(request).userId,
          'ALL',
        ),
      }),
  );

  app.get(
    NOTIFICATION_ENDPOINTS.preferences.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'E-mail per notification type',
        response: responses(emailPreferencesSchema),
      },
    },
    async (request) =>
      ok({ preferences: await emailPreferences(app.db, requireAuth(request).userId) }),
  );

  app.put(
    NOTIFICATION_ENDPOINTS.updatePreferences.path,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Turn the e-mail of notification types on or off',
        body: updateEmailPreferencesBody,
        response: responses(emailPreferencesSchema),
      },
    },
    async (request) =>
      ok({
        preferences: await updateEmailPreferences(
          app.db,
          requireAuth(request).userId,
          request.body,
        ),
      }),
  );
};
