import { Module } from '@nestjs/common';
import './preferences.messages.js';
import { PreferencesController } from './preferences.controller.js';
import { PreferencesService } from './preferences.service.js';

/** The users' own screen arrangements (docs/development.md, Frontend conventions, lists). */
@Module({ controllers: [PreferencesController], providers: [PreferencesService] })
export class PreferencesModule {}
