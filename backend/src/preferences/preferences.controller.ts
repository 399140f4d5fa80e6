import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { CurrentUser, SignedIn, type Principal } from '../common/access.decorators.js';
import { PutPreferenceDto } from './preferences.dto.js';
import { PreferencesService } from './preferences.service.js';

/** The signed-in user's own screen arrangements (issue 31): GET, PUT and DELETE /user/preference/:name. */
@Controller('user/preference')
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  /** The caller's value of the setting, or null when never saved. */
  @SignedIn()
  @Get(':name')
  get(@Param('name') name: string, @CurrentUser() user: Principal) {
    return this.preferences.get(user.userId, name);
  }

  /** Saves the caller's value of the setting (JSON, at most 16 KB). */
  @SignedIn()
  @Put(':name')
  put(@Param('name') name: string, @Body() dto: PutPreferenceDto, @CurrentUser() user: Principal) {
    return this.preferences.put(user.userId, name, dto.value);
  }

  /** Forgets the caller's value of the setting (back to the screen's default). */
  @SignedIn()
  @Delete(':name')
  remove(@Param('name') name: string, @CurrentUser() user: Principal) {
    return this.preferences.remove(user.userId, name);
  }
}
