// the area's messages, registered when loaded
import './files.messages.js';
import { Module } from '@nestjs/common';
import { FileLinks } from './file-links.js';
import { FileServer } from './file-server.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { OrphanUploadsService } from './orphan-uploads.service.js';

@Module({
  controllers: [FilesController],
  providers: [FilesService, FileLinks, FileServer, OrphanUploadsService],
  exports: [FilesService, OrphanUploadsService],
})
export class FilesModule {}
