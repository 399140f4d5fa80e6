#!/usr/bin/env node
// The anchor of bench:call: a bare NestJS application on platform-express, one controller answering GET
// /bare with the JSON text given as the first argument (the same small JSON the product's liveness answers),
// alone in its process. Nest's defaults otherwise (its JSON and form body parsers, no logger). Tells its
// port to the parent (IPC) once it listens.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './database.mjs';

// Nest as the backend resolves it (the workspace's own copy)
const resolve = createRequire(path.join(repoRoot, 'backend/package.json')).resolve;
const load = (name) => import(pathToFileURL(resolve(name)).href);
await load('reflect-metadata');
const { Controller, Get, Module } = await load('@nestjs/common');
const { NestFactory } = await load('@nestjs/core');

const answer = JSON.parse(process.argv[2] ?? '{"status":"ok"}');

// decorators applied by hand: this file is plain JavaScript
class BareController {
  bare() {
    return answer;
  }
}
Get()(BareController.prototype, 'bare', Object.getOwnPropertyDescriptor(BareController.prototype, 'bare'));
Controller('bare')(BareController);
class BareModule {}
Module({ controllers: [BareController] })(BareModule);

const app = await NestFactory.create(BareModule, { logger: false });
await app.listen(0, '127.0.0.1');
process.send?.({ port: app.getHttpServer().address().port });
process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
