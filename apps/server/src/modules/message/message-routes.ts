import type { FastifyPluginAsync } from 'fastify';
import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { ok } from '../../lib/envelope';
import { routeFrom } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import type { MessageService } from './message-service';

/** Issue 17, item 4 (docs/decisions/054): the message centre, always the signed-in user's own messages. */
export const messageRoutes =
  (service: MessageService): FastifyPluginAsync =>
  async (app) => {
    const { message } = api;
    routeFrom(app, message.getMessageList, async (request) => ok(await service.list(currentUser(request), request.body, request.query)));
    routeFrom(app, message.getUnreadCount, async (request) => ok(await service.unreadCount(currentUser(request))));
    routeFrom(app, message.read, async (request) => ok(await service.read(currentUser(request), request.body.id)));
    routeFrom(app, message.readAll, async (request) => ok(await service.readAll(currentUser(request)), messages.message.readAllDone));
    routeFrom(app, message.getSettings, async (request) => ok(await service.getSettings(currentUser(request))));
    routeFrom(app, message.saveSettings, async (request) => ok(await service.saveSettings(currentUser(request), request.body), messages.message.settingsSaved));
  };
