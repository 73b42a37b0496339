import { z } from 'zod';
import { text, trimmedText } from './text.js';
import { post } from './endpoint.js';

/**
 * Analytics events of the client (spec platform-shell section 5): a category and an action are
 * required, value is a number, the non-interaction flag a boolean, transport beacon, xhr or image.
 */
export const clientEvent = z.strictObject({
  category: trimmedText().max(64),
  action: trimmedText().max(64),
  label: text().max(256).optional(),
  value: z.number().finite().optional(),
  nonInteraction: z.boolean().optional(),
  transport: z.enum(['beacon', 'xhr', 'image']).optional(),
  screen: text().max(64).optional().describe('Screen name, e.g. register, login, crypto_deposit'),
});
export type ClientEvent = z.infer<typeof clientEvent>;

export const clientEventsRequest = z.strictObject({
  events: z.array(clientEvent).min(1).max(50),
});
export type ClientEventsRequest = z.infer<typeof clientEventsRequest>;

export const clientEventsResponse = z.object({ accepted: z.number().int() });

export const LOGGING_ENDPOINTS = {
  /** Page views, custom events and view time of the web client. */
  events: post('/v1/logging/public/events'),
} as const;
