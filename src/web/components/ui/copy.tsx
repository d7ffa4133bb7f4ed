import { toast } from './toast';

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'تم النسخ', description: what });
  } catch {
    toast({ title: 'تعذر النسخ', description: 'انسخ النص يدوياً', variant: 'destructive' });
  }
}
