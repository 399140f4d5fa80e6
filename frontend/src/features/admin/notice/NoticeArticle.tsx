import { Divider, Typography } from 'antd';
import { formatTime } from '@/features/logs';
import './notice.css';

/** A notice as people read it. The content is HTML the server sanitised when it was saved. */
export function NoticeArticle({ title, author, publishedAt, content }: { title: string; author: string | null; publishedAt: string | null; content: string }) {
  return (
    <article data-testid="notice-article">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{[author, formatTime(publishedAt)].filter(Boolean).join(' · ')}</Typography.Text>
      <Divider style={{ margin: '12px 0' }} />
      <div className="notice-content" dangerouslySetInnerHTML={{ __html: content }} />
    </article>
  );
}
