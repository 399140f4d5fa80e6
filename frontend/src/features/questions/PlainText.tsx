import { Flex, Image, Typography } from 'antd';
import type { StoredImage } from './questionRules';

/** Forum text is plain text: shown as text, its line breaks kept. */
export function PlainText({ text, testId }: { text: string; testId?: string }) {
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }} data-testid={testId}>
      {text}
    </Typography.Paragraph>
  );
}

export function ImageStrip({ images }: { images: readonly StoredImage[] }) {
  if (!images.length) return null;
  return (
    <Image.PreviewGroup>
      <Flex gap={8} wrap style={{ marginBottom: 8 }}>
        {images.map((image) => (
          <Image key={image.id} src={image.url} alt={image.fileName} width={96} height={96} style={{ objectFit: 'cover' }} />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}
