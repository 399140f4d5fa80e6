import { Global, Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ClusterBus, RedisClusterTransport } from './cluster-bus.js';

/** The bus between the server processes of one installation (see cluster-bus.ts), for every module. */
@Global()
@Module({
  providers: [
    {
      provide: ClusterBus,
      useFactory: (config: AppConfig) => new ClusterBus(config.redisUrl ? new RedisClusterTransport(config.redisUrl, config.clusterRedisPrefix) : undefined),
      inject: [APP_CONFIG],
    },
  ],
  exports: [ClusterBus],
})
export class ClusterModule implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(ClusterBus) private readonly bus: ClusterBus) {}

  async onModuleInit() {
    await this.bus.start();
  }

  async onApplicationShutdown() {
    await this.bus.stop();
  }
}
