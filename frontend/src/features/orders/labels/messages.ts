import { defineMessages } from '@/shared/i18n';

/** The label printing's title, on the top bar's button as well: kept apart so the top bar does not bring the order detail's strings. */
export const labelMessages = defineMessages(
  {
    labelTitle: '订单标签打印',
    labelPreview: '预览',
    labelPreviewTitle: '标签预览',
    labelPreviewSave: '下载 PDF',
    labelPreviewClose: '关闭',
    labelUnknownNumbers: '以下 {count} 个单号不存在或无权查看，未生成标签：{list}',
  },
  {
    labelTitle: 'Order label printing',
    labelPreview: 'Preview',
    labelPreviewTitle: 'Label preview',
    labelPreviewSave: 'Download PDF',
    labelPreviewClose: 'Close',
    labelUnknownNumbers: 'No labels for these {count} numbers (unknown, or not yours to see): {list}',
  },
);
