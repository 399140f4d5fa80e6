import { Body, Controller, Param, Post } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { UpdateSettingDto } from './deploy.dto.js';
import { DeployService } from './deploy.service.js';

@Controller('deploy')
export class DeployController {
  constructor(private readonly deploy: DeployService) {}

  /** Every system parameter with its current value, default, type, group, labels and ver. */
  @Perm('deploy:list')
  @Post('list')
  list() {
    return this.deploy.list();
  }

  @Perm('deploy:modify')
  @Post('update')
  update(@Body() dto: UpdateSettingDto, @CurrentUser() user: Principal) {
    return this.deploy.update(dto, user.userId);
  }

  @Perm('deploy:modify')
  @Post('reset/:key')
  async reset(@Param('key') key: string) {
    return new WithMessage(await this.deploy.reset(key), t('settingReset'));
  }
}
