import { defineMessages } from '@/shared/i18n';

/** The product's name until the server's settings have told it (the sign-in page, the workbench, the browser tab). */
export const sessionMessages = defineMessages({ productTitle: '货代业务管理系统' }, { productTitle: 'Forwarder Back Office' });
