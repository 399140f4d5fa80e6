import { Module } from '@nestjs/common';
import { PriceLookupService } from './price-lookup.service.js';
import { PriceSheetService } from './price-sheet.service.js';
import { PricesController } from './prices.controller.js';
import { PricesService } from './prices.service.js';

/** Exports the price lookup the orders area prices shipments with. */
@Module({ controllers: [PricesController], providers: [PricesService, PriceSheetService, PriceLookupService], exports: [PriceLookupService] })
export class PricesModule {}
