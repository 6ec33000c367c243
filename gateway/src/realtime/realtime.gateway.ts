import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  ALERT_TYPES,
  type AlertType,
  InventoryAlertBroadcast,
  isUuid,
  NotificationCount,
  NotificationsBroadcasts,
  NotificationsPatterns,
  ORDER_STATUSES,
  OrderUpdatedBroadcast,
  OrderUpdatedPush,
  REALTIME_PATH,
  REALTIME_UNAUTHORIZED,
  RealtimeEvents,
} from '@bakery/contracts';
import { RpcClient, subscribeBroadcast } from '@bakery/platform';
import type { NatsConnection, Subscription } from 'nats';
import type { Server, Socket } from 'socket.io';
import { sessionCookieIsSecure } from '../auth/session-cookie';
import { SessionRegistry } from '../auth/session-registry';
import { crossOriginHandshakeProblem, rawRequestFacts } from '../http/request-origin';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { NATS_CONNECTION } from '../messaging/messaging.module';
import { SocketAuthenticator, SocketPrincipal } from './socket-auth';

const ADMINS = 'admins';
const customerRoom = (userId: string) => `customer:${userId}`;
const sessionRoom = (sid: string) => `session:${sid}`;
const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
/** setTimeout's ceiling; a session lasting longer is checked again when this fires */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface PushEvents {
  [RealtimeEvents.adminNotifications]: (message: NotificationCount) => void;
  [RealtimeEvents.inventoryAlert]: (message: InventoryAlertBroadcast) => void;
  [RealtimeEvents.orderUpdated]: (message: OrderUpdatedPush) => void;
}
interface SocketData {
  principal: SocketPrincipal;
}
/** Browsers send nothing: every event goes from the server to them. */
type NoEvents = Record<string, never>;
type BakeryServer = Server<NoEvents, PushEvents, NoEvents, SocketData>;
type BakerySocket = Socket<NoEvents, PushEvents, NoEvents, SocketData>;

/**
 * socket.io on the API's port (path /socket.io). A handshake needs the same live session as the
 * API. Admins join `admins`, a customer joins `customer:<id>`, and every socket its session's
 * room so a logout anywhere disconnects it. The pushes come from the notifications service as
 * broadcasts, which every gateway instance hears: each one emits to its own sockets, so nothing
 * is shared between instances.
 */
@WebSocketGateway({ path: REALTIME_PATH, serveClient: false, maxHttpBufferSize: 16_384 })
export class RealtimeGateway implements OnGatewayInit<BakeryServer>, OnGatewayConnection<BakerySocket>, OnModuleDestroy {
  @WebSocketServer()
  private server: BakeryServer;
  private readonly logger = new Logger('realtime');
  private subscriptions: Subscription[] = [];
  private stopListeningToRevocations?: () => void;
  /** bumped by every count broadcast: a count read on connect is sent only if none arrived meanwhile */
  private countVersion = 0;

  constructor(
    private readonly authenticator: SocketAuthenticator,
    private readonly sessions: SessionRegistry,
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  afterInit(server: BakeryServer): void {
    const trustProxy = this.config.trustProxy === 'true';
    // A page of another origin (another port of this host is the same *site*, so the cookie
    // rides along) must not open a socket as the signed-in user: refused before the upgrade.
    server.engine.opts.allowRequest = (req, answer) => {
      const problem = crossOriginHandshakeProblem(
        {
          host: rawRequestFacts(req, trustProxy).host,
          origin: req.headers.origin,
          secFetchSite: header(req.headers['sec-fetch-site']),
        },
        this.config.allowedOrigins,
      );
      answer(problem ?? null, problem === null);
    };
    server.use((socket, next) => {
      const secureCookie = sessionCookieIsSecure(this.config.cookieSecure, rawRequestFacts(socket.request, trustProxy).secure);
      this.authenticator.principalOf(socket.request.headers.cookie, secureCookie).then(
        (principal) => {
          if (!principal) return next(new Error(REALTIME_UNAUTHORIZED));
          socket.data.principal = principal;
          next();
        },
        (err: unknown) => {
          this.logger.warn(`socket handshake could not be checked: ${String(err)}`);
          next(new Error('Service unavailable'));
        },
      );
    });
    const { namespace } = this.config;
    // traced: each push is a span of the gateway, a child of the notifications handling that sent it
    const traced = { component: 'gateway' };
    this.subscriptions = [
      subscribeBroadcast<NotificationCount>(this.nc, namespace, NotificationsBroadcasts.count, (m) => this.pushCount(m), traced),
      subscribeBroadcast<InventoryAlertBroadcast>(
        this.nc,
        namespace,
        NotificationsBroadcasts.inventoryAlert,
        (m) => this.pushInventoryAlert(m),
        traced,
      ),
      subscribeBroadcast<OrderUpdatedBroadcast>(this.nc, namespace, NotificationsBroadcasts.orderUpdated, (m) => this.pushOrderUpdated(m), traced),
    ];
    this.stopListeningToRevocations = this.sessions.onRevoked((sid) =>
      this.server.in(sessionRoom(sid)).disconnectSockets(true),
    );
  }

  onModuleDestroy(): void {
    this.stopListeningToRevocations?.();
    for (const subscription of this.subscriptions) {
      try {
        subscription.unsubscribe();
      } catch {
        // the connection is already closing: the subscription goes with it
      }
    }
    this.subscriptions = [];
  }

  async handleConnection(socket: BakerySocket): Promise<void> {
    const me = socket.data.principal;
    await socket.join(sessionRoom(me.sid));
    await socket.join(me.role === 'admin' ? ADMINS : customerRoom(me.userId));
    // A logout heard while the handshake was being checked found no socket in the room yet.
    if (!(await this.sessions.isAlive(me.sid).catch(() => true))) {
      socket.disconnect(true);
      return;
    }
    this.disconnectWhenExpired(socket, me.expiresAt);
    if (me.role === 'admin') await this.sendCurrentCount(socket);
  }

  /** A page opened late shows the right badge without polling. */
  private async sendCurrentCount(socket: BakerySocket): Promise<void> {
    const version = this.countVersion;
    try {
      const { count } = await this.rpc.request<NotificationCount>(NotificationsPatterns.count, {});
      if (version === this.countVersion && socket.connected) socket.emit(RealtimeEvents.adminNotifications, { count });
    } catch (err) {
      this.logger.warn(`could not read the notification count for a new admin socket: ${String(err)}`);
    }
  }

  private disconnectWhenExpired(socket: BakerySocket, expiresAt: number): void {
    const delay = expiresAt - Date.now();
    if (delay <= 0) {
      socket.disconnect(true);
      return;
    }
    const timer = setTimeout(() => {
      if (Date.now() >= expiresAt) socket.disconnect(true);
      else this.disconnectWhenExpired(socket, expiresAt);
    }, Math.min(delay, MAX_TIMER_MS));
    timer.unref();
    socket.once('disconnect', () => clearTimeout(timer));
  }

  private pushCount(message: NotificationCount): void {
    if (!Number.isInteger(message?.count) || message.count < 0) return;
    this.countVersion++;
    this.server.to(ADMINS).emit(RealtimeEvents.adminNotifications, { count: message.count });
  }

  private pushInventoryAlert(message: InventoryAlertBroadcast): void {
    if (!isUuid(message?.productId) || !(ALERT_TYPES.includes(message.alertType as AlertType) || message.alertType === 'shortfall')) return;
    const { productId, name, stock, lowStockThreshold, alertType } = message;
    const alert: InventoryAlertBroadcast = { productId, name, stock, lowStockThreshold, alertType };
    // a standing order's shortfall: whose order and how many units, for the admins' toast
    const short = message.shortfall;
    if (alertType === 'shortfall' && short && isUuid(short.orderId) && typeof short.customer === 'string' && Number.isInteger(short.units)) {
      alert.shortfall = { orderId: short.orderId, customer: short.customer.slice(0, 200), units: short.units };
    }
    this.server.to(ADMINS).emit(RealtimeEvents.inventoryAlert, alert);
  }

  private pushOrderUpdated(message: OrderUpdatedBroadcast): void {
    if (!isUuid(message?.orderId) || !isUuid(message.customerId) || !ORDER_STATUSES.includes(message.status)) return;
    const push: OrderUpdatedPush = { orderId: message.orderId, status: message.status };
    // One emit to both rooms: a socket in both would still get it once.
    this.server.to(ADMINS).to(customerRoom(message.customerId)).emit(RealtimeEvents.orderUpdated, push);
  }
}
