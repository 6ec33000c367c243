import { Injectable, OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Access, ACCESS_KEY } from './access';

export interface RouteDescription {
  method: string;
  path: string;
  access: Access | undefined;
}

/** Every route of the gateway with its declared access, read from the controllers' metadata. */
@Injectable()
export class RouteAudit implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  /** Refuses to start with a route that does not say who may call it. */
  onApplicationBootstrap() {
    const undeclared = this.routes().filter((r) => r.access === undefined);
    if (undeclared.length > 0) {
      throw new Error(
        `Routes without a declared access level (@Public, @SignedIn, @AdminOnly, @CustomerOnly): ${undeclared
          .map((r) => `${r.method} ${r.path}`)
          .join(', ')}`,
      );
    }
  }

  routes(): RouteDescription[] {
    const out: RouteDescription[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const base = normalize(this.reflector.get<string | string[]>(PATH_METADATA, metatype));
      const prototype = Object.getPrototypeOf(instance);
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const path = this.reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
        const method = this.reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
        if (path === undefined || method === undefined) continue;
        const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, metatype]);
        out.push({ method: RequestMethod[method], path: join(base, normalize(path)), access });
      }
    }
    return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }
}

function normalize(path: string | string[] | undefined): string {
  const p = Array.isArray(path) ? path[0] : path;
  return (p ?? '').replace(/^\/+|\/+$/g, '');
}

function join(base: string, path: string): string {
  return '/' + [base, path].filter(Boolean).join('/');
}
