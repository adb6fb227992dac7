import { render } from 'preact';
import { App } from './app.tsx';
import './styles.css';
import './editor/feedback.css';

render(<App />, document.getElementById('app')!);
