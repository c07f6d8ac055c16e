// The framework doors (docs/conformance.md, "In your Vitest suite"): a small app of Hono, Fastify, Express, Koa and
// NestJS, each routing its API to the sandbox, judged in process through describeConformance with the target the docs
// name for it; and a Fastify app's server before ready() refused at the first request, naming what to pass.
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run-conformance.js';
import { TargetError } from '../../conformance/target.js';
import { describeConformance } from '../../conformance/vitest.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { listenerOf } from './fixtures/listener.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

/** A rule of a check file (a login, a token made and listed) and a rule over every exchange. */
const ONLY = ['TOKEN-03', 'ENV-04'];
const profile = DEMO_PROFILE;

function honoApp() {
  const sandbox = createSandbox();
  const app = new Hono();
  app.all('*', (c) => sandbox.fetch(c.req.raw));
  return app;
}

/** Fastify reads no body: the raw request goes on to the sandbox as it came. */
function fastifyApp() {
  const sandbox = listenerOf(createSandbox().fetch);
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.all('/*', (request, reply) => {
    reply.hijack();
    return sandbox(request.raw, reply.raw);
  });
  return app;
}

function expressApp() {
  const sandbox = listenerOf(createSandbox().fetch);
  const app = express();
  app.use((req, res) => sandbox(req, res));
  return app;
}

function koaApp() {
  const sandbox = listenerOf(createSandbox().fetch);
  const app = new Koa();
  app.use(async (ctx) => {
    ctx.respond = false;
    await sandbox(ctx.req, ctx.res);
  });
  return app;
}

/** A module without controllers, its API a middleware: NestJS without decorator syntax. */
class AppModule {}
Module({})(AppModule);

async function nestApp() {
  const app = await NestFactory.create(AppModule, { logger: false });
  app.use(listenerOf(createSandbox().fetch));
  return app;
}

const fastify = fastifyApp();
const hono = honoApp();
const app = await nestApp();

describeConformance({ name: 'Hono: app.fetch', target: hono.fetch, profile, only: ONLY });
describeConformance({ name: 'Hono: the app', target: hono, profile, only: ONLY });
describeConformance({ name: 'Fastify: the app', target: fastify, profile, only: ONLY });
describeConformance({ name: 'Express: the app', target: expressApp(), profile, only: ONLY });
describeConformance({ name: 'Koa: app.callback()', target: koaApp().callback(), profile, only: ONLY });
describeConformance({ name: 'NestJS: the app', target: app, profile, only: ONLY });

const outcomes = (result: { rules: { id: string; outcome: string }[] }) =>
  Object.fromEntries(result.rules.map((r) => [r.id, r.outcome]));

describe("a Fastify app's server", () => {
  it('before ready(): refused at the first request, saying to pass the app or await ready()', async () => {
    const early = fastifyApp();
    const error = await runConformance({ target: early.server, profile, only: ONLY }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetError);
    expect((error as Error).message).toMatch(/^the request listener threw: .+ \(answering GET \/api\/member\/me\/\): /);
    expect((error as Error).message).toContain(
      "if it is a Fastify app's `app.server`, pass the app itself (`target: app`), or `await app.ready()`",
    );
    // The suite stopped listening and put the app's own listener back.
    expect(early.server.listening).toBe(false);
    expect(early.server.listeners('request')).toHaveLength(1);
    await early.close();
  });

  it('after ready(): served like any http.Server', async () => {
    const ready = fastifyApp();
    await ready.ready();
    const result = await runConformance({ target: ready.server, profile, only: ONLY });
    expect(outcomes(result)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
    expect(result.target).toBe('server');
    await ready.close();
  });
});

describe('a framework object that is not a target', () => {
  it('a Koa app itself: refused, naming app.callback()', async () => {
    const error = await runConformance({ target: koaApp() as never, profile, only: ONLY }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetError);
    expect((error as Error).message).toContain('a Koa app: pass `app.callback()`');
  });
});
