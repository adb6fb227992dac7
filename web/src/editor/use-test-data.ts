/** The test data of the open template, kept in sessionStorage so a reload does not lose it. */
import { useEffect, useState } from 'preact/hooks';
import type { LayerData } from '../api.ts';

export function useTestData(uuid: string) {
  const key = `imprint.editor.data.${uuid}`;
  const [testData, setTestData] = useState<LayerData>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? '{}') as LayerData;
    } catch {
      return {};
    }
  });
  useEffect(() => {
    sessionStorage.setItem(key, JSON.stringify(testData));
  }, [testData]);
  return [testData, setTestData] as const;
}
