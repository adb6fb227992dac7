/** The right column: the selection's properties (or the document's), test data, API use. */
import type { Api, Font, LayerData } from '../api.ts';
import type { EditorDoc } from './doc.ts';
import { DocumentPanel } from './document-panel.tsx';
import { PropsPanel } from './props-panel.tsx';
import { TestDataPanel, UseInApi } from './test-data.tsx';

export function SideColumn(p: {
  api: Api;
  uuid: string;
  doc: EditorDoc;
  title: string;
  fonts: Font[];
  addFont: (f: Font) => void;
  testData: LayerData;
  setTestData: (d: LayerData) => void;
}) {
  const { api, uuid, doc, testData, setTestData } = p;
  return (
    <div class="side">
      <PropsPanel
        doc={doc}
        api={api}
        fonts={p.fonts}
        onFontUploaded={p.addFont}
        testData={testData}
        setTestData={setTestData}
      />
      {doc.selection.length === 0 && (
        <DocumentPanel doc={doc} api={api} uuid={uuid} title={p.title} />
      )}
      <TestDataPanel api={api} doc={doc} data={testData} setData={setTestData} />
      <UseInApi api={api} uuid={uuid} doc={doc} data={testData} />
    </div>
  );
}
