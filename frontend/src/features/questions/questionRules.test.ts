import { describe, expect, it } from 'vitest';
import { imageIdsOf, mayChange, questionScopeOf, uploadedImage, type StoredImage } from './questionRules';

const everyone = ['question:add', 'question:list', 'question:reply', 'question:detail'];
const holds = (codes: string[]) => (code: string) => codes.includes(code);

describe('question lists', () => {
  it('read the scope from the route', () => {
    expect(questionScopeOf('/question/notreply')).toBe('notreply');
    expect(questionScopeOf('/question/reply')).toBe('reply');
    expect(questionScopeOf('/question/all/')).toBe('all');
    expect(questionScopeOf('/question/add')).toBeNull();
  });
});

describe('who may change a post', () => {
  it('lets authors change their own questions and answers', () => {
    expect(mayChange({ authorId: 5 }, '5', 'question', 'modify', holds(everyone))).toBe(true);
    expect(mayChange({ authorId: 5 }, '5', 'answer', 'delete', holds(everyone))).toBe(true);
  });

  it('keeps others out unless they hold question:modify or question:delete', () => {
    expect(mayChange({ authorId: 5 }, '6', 'question', 'modify', holds(everyone))).toBe(false);
    expect(mayChange({ authorId: 5 }, '6', 'question', 'modify', holds([...everyone, 'question:modify']))).toBe(true);
    expect(mayChange({ authorId: 5 }, '6', 'answer', 'delete', holds([...everyone, 'question:modify']))).toBe(false);
    expect(mayChange({ authorId: 5 }, '6', 'answer', 'delete', holds(['question:delete']))).toBe(true);
  });

  it('needs the posting code for an author too', () => {
    expect(mayChange({ authorId: 5 }, '5', 'answer', 'modify', holds(['question:add']))).toBe(false);
  });
});

describe('images of a form', () => {
  const image: StoredImage = { id: 3, fileName: 'a.png', filePath: '2026/01/a.png', url: '/files/2026/01/a.png', size: 10, mimeType: 'image/png' };

  it('keeps the images a record has and the ones uploaded since, not those still uploading or failed', () => {
    const uploaded = { uid: 'u1', name: 'b.png', status: 'done' as const, response: { success: true, data: { ...image, id: 4 } } };
    const uploading = { uid: 'u2', name: 'c.png', status: 'uploading' as const };
    const failed = { uid: 'u3', name: 'd.png', status: 'error' as const, response: { success: false, message: '文件过大' } };
    expect(imageIdsOf([uploadedImage(image), uploaded, uploading, failed])).toEqual([3, 4]);
    expect(imageIdsOf(undefined)).toEqual([]);
  });
});
