import { Body, Controller, Param, Post } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { BackupService } from '../../operations/backup/backup.service.js';
import { BackupListQueryDto, UpdateSettingDto } from './deploy.dto.js';
import { DeployService } from './deploy.service.js';

/** The system parameters (系统参数) and the backups overview. */
@Controller('deploy')
export class DeployController {
  constructor(
    private readonly deploy: DeployService,
    private readonly backups: BackupService,
  ) {}

  /** Every system parameter with its current value, default, type, group, labels and ver. */
  @Perm('deploy:list')
  @Post('list')
  list() {
    return this.deploy.list();
  }

  /** The last scheduled backup and a page of the archives in BACKUP_DIR (read-only: backups are taken and restored from the command line, docs/backup.md). */
  @Perm('deploy:list')
  @Post('backups')
  backupOverview(@Body() query: BackupListQueryDto) {
    return this.backups.overview(query);
  }

  /** Changes a system parameter (checked against its type; the `ver` read is sent back). */
  @Perm('deploy:modify')
  @Post('update')
  update(@Body() dto: UpdateSettingDto, @CurrentUser() user: Principal) {
    return this.deploy.update(dto, user.userId);
  }

  /** Puts a system parameter back on its default. */
  @Perm('deploy:modify')
  @Post('reset/:key')
  async reset(@Param('key') key: string) {
    return new WithMessage(await this.deploy.reset(key), t('settingReset'));
  }
}
