/*
 * oomguide support widget.
 *
 * Embed with one tag:
 *   <script src="https://HOST/widget.js" data-locale="pt-BR" defer></script>
 *
 * No framework, no build step, no inline script or style: the styles are adopted into a shadow
 * root as a constructable stylesheet, which a strict Content-Security-Policy does not block.
 * Bot and user text is rendered by building DOM nodes (createElement/textContent), never by
 * parsing HTML, so nothing in a message can inject markup or script.
 *
 * Language: data-locale, else <html lang>, else navigator.language (pt* -> pt-BR, else en).
 * The language toggle switches the widget's own strings at once; the assistant keeps the
 * language a conversation was started in (the API fixes it per conversation), so the widget
 * offers to start over in the new language.
 */
(function () {
  'use strict';

  var STRINGS = {
    'pt-BR': {
      launcherOpen: 'Ajuda com OOM no treino',
      launcherClose: 'Fechar a ajuda',
      title: 'Assistente de OOM do AI Toolkit',
      subtitle: 'Gradient checkpointing e falta de memória',
      close: 'Fechar',
      startOver: 'Recomeçar',
      switchTo: 'English',
      switchToLabel: 'Mudar o idioma para inglês',
      transcript: 'Conversa',
      greeting: 'Olá! Conte o que aconteceu no seu treino de LoRA (por exemplo: “deu OOM no passo 2 com o GC desligado”) ou cole a config do job.',
      showOptions: 'Prefiro escolher entre opções',
      inputLabel: 'Sua mensagem',
      placeholder: 'Escreva aqui…',
      send: 'Enviar',
      thinking: 'Pensando…',
      you: 'Você',
      bot: 'Assistente',
      options: 'Opções',
      recommendations: 'Recomendações',
      sources: 'Fontes no guia',
      risk: 'Risco',
      riskLevel: { low: 'baixo', medium: 'médio', high: 'alto' },
      copy: 'Copiar',
      copied: 'Copiado!',
      copyFailed: 'Não deu para copiar',
      codeCopied: 'Código copiado para a área de transferência.',
      why: 'Por quê?',
      traceStep: {
        fact: 'Fato', skip: 'Pulado', branch: 'Caminho', ask: 'Pergunta', answer: 'Resposta',
        reask: 'Pergunta de novo', gave_up: 'Desistiu', note: 'Nota'
      },
      from: 'de',
      helpful: 'Isso ajudou?',
      yes: 'Sim',
      no: 'Não',
      thanks: 'Obrigado pelo retorno!',
      langNotice: 'O assistente continua em português nesta conversa. Recomece para conversar em inglês.',
      langNoticeAction: 'Recomeçar em inglês',
      errorNetwork: 'Não consegui falar com o assistente. Verifique sua conexão e tente de novo.',
      errorRate: 'Muitas mensagens em pouco tempo. Espere um instante e tente de novo.',
      errorStale: 'A conversa mudou em outra aba; mostrei onde ela está agora.',
      errorGone: 'Essa conversa expirou. Começamos uma nova — é só escrever de novo.',
      errorGeneric: 'Algo deu errado. Tente de novo em instantes.',
      dismiss: 'Dispensar'
    },
    en: {
      launcherOpen: 'Help with training OOM',
      launcherClose: 'Close help',
      title: 'AI Toolkit OOM assistant',
      subtitle: 'Gradient checkpointing and out-of-memory',
      close: 'Close',
      startOver: 'Start over',
      switchTo: 'Português',
      switchToLabel: 'Switch language to Portuguese',
      transcript: 'Conversation',
      greeting: 'Hi! Tell me what happened in your LoRA training (for example: “OOM at step 2 with gradient checkpointing off”) or paste the job config.',
      showOptions: 'I would rather pick from options',
      inputLabel: 'Your message',
      placeholder: 'Type here…',
      send: 'Send',
      thinking: 'Thinking…',
      you: 'You',
      bot: 'Assistant',
      options: 'Options',
      recommendations: 'Recommendations',
      sources: 'Sources in the guide',
      risk: 'Risk',
      riskLevel: { low: 'low', medium: 'medium', high: 'high' },
      copy: 'Copy',
      copied: 'Copied!',
      copyFailed: 'Could not copy',
      codeCopied: 'Code copied to the clipboard.',
      why: 'Why?',
      traceStep: {
        fact: 'Fact', skip: 'Skipped', branch: 'Path', ask: 'Question', answer: 'Answer',
        reask: 'Asked again', gave_up: 'Gave up', note: 'Note'
      },
      from: 'from',
      helpful: 'Did this help?',
      yes: 'Yes',
      no: 'No',
      thanks: 'Thanks for the feedback!',
      langNotice: 'The assistant keeps answering in Portuguese in this conversation. Start over to chat in English.',
      langNoticeAction: 'Start over in English',
      errorNetwork: 'I could not reach the assistant. Check your connection and try again.',
      errorRate: 'Too many messages in a short time. Please wait a moment and try again.',
      errorStale: 'The conversation changed in another tab; this is where it stands now.',
      errorGone: 'That conversation expired. A new one is ready — just write again.',
      errorGeneric: 'Something went wrong. Please try again in a moment.',
      dismiss: 'Dismiss'
    }
  };

  var CSS = [
    ':host { all: initial; }',
    '*, *::before, *::after { box-sizing: border-box; }',
    '.root { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; }',
    'button, textarea { font: inherit; }',
    ':focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }',
    '.launcher { position: fixed; right: 16px; bottom: 16px; z-index: 2147483000; border: 0;',
    '  border-radius: 999px; padding: 12px 18px; background: #0b5cad; color: #fff; font-weight: 600;',
    '  cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.25); max-width: calc(100vw - 32px); }',
    '.launcher:hover { background: #084a8c; }',
    '.launcher:focus-visible { outline-color: #1f2328; }',
    '.panel { position: fixed; right: 16px; bottom: 76px; z-index: 2147483000; width: 400px;',
    '  max-width: calc(100vw - 32px); height: min(640px, calc(100vh - 100px)); display: flex;',
    '  flex-direction: column; background: #fff; border: 1px solid #d0d7de; border-radius: 12px;',
    '  box-shadow: 0 12px 32px rgba(0,0,0,.25); overflow: hidden; }',
    '.panel[hidden] { display: none; }',
    '.head { display: flex; align-items: flex-start; gap: 8px; padding: 10px 12px; background: #0b5cad; color: #fff; }',
    '.head-text { flex: 1; min-width: 0; }',
    '.head h2 { margin: 0; font-size: 16px; line-height: 1.3; }',
    '.head p { margin: 0; font-size: 13px; }',
    '.tools { display: flex; flex-wrap: wrap; gap: 6px; padding: 8px 12px; border-bottom: 1px solid #d0d7de; background: #f6f8fa; }',
    '.tool { border: 1px solid #0b5cad; background: #fff; color: #0b5cad; border-radius: 6px; padding: 4px 10px; cursor: pointer; }',
    '.tool:hover { background: #e7f0fa; }',
    '.close { border: 0; background: transparent; color: #fff; font-size: 22px; line-height: 1; padding: 2px 8px; border-radius: 6px; cursor: pointer; }',
    '.close:focus-visible { outline-color: #fff; }',
    '.log { flex: 1; overflow-y: auto; overflow-x: hidden; padding: 12px; display: flex; flex-direction: column; gap: 10px; }',
    '.msg { max-width: 100%; padding: 8px 12px; border-radius: 10px; overflow-wrap: anywhere; }',
    '.msg:focus-visible { outline-offset: 0; }',
    '.msg.bot { background: #f6f8fa; border: 1px solid #d0d7de; align-self: stretch; }',
    '.msg.user { background: #0b5cad; color: #fff; align-self: flex-end; max-width: 85%; white-space: pre-wrap; }',
    '.who { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }',
    '.msg p { margin: 0 0 8px; } .msg p:last-child { margin-bottom: 0; }',
    '.msg ul, .msg ol { margin: 0 0 8px; padding-left: 22px; }',
    '.msg code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px;',
    '  background: #eaeef2; border-radius: 4px; padding: 0 3px; }',
    '.code { position: relative; margin: 0 0 8px; }',
    '.code-bar { display: flex; justify-content: space-between; align-items: center; padding: 4px 6px 4px 10px;',
    '  background: #32383f; color: #f6f8fa; border-radius: 6px 6px 0 0; font-size: 13px; }',
    '.code pre { margin: 0; padding: 10px; background: #1f2328; color: #f6f8fa; border-radius: 0 0 6px 6px; overflow-x: auto; }',
    '.code pre code { background: transparent; color: inherit; padding: 0; white-space: pre; }',
    '.copy { border: 1px solid #f6f8fa; background: #1f2328; color: #f6f8fa;',
    '  border-radius: 4px; padding: 2px 8px; font-size: 13px; cursor: pointer; }',
    '.copy:focus-visible { outline-color: #f6f8fa; outline-offset: 1px; }',
    '.msg a { color: #0550ae; }',
    '.recs { margin: 8px 0 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 8px; }',
    '.rec { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 8px 10px; }',
    '.cites { margin: 6px 0 0; padding: 0; list-style: none; font-size: 13px; }',
    '.cites li::before { content: "§ "; color: #57606a; }',
    '.label { font-weight: 600; font-size: 13px; margin: 8px 0 2px; }',
    '.risk { display: inline-block; font-size: 13px; font-weight: 600; border-radius: 999px; padding: 1px 10px; margin: 6px 0 0; }',
    '.risk.low { background: #dafbe1; color: #116329; }',
    '.risk.medium { background: #fff8c5; color: #6b4b00; }',
    '.risk.high { background: #ffebe9; color: #a40e26; }',
    '.choices { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }',
    '.choice { border: 1px solid #0b5cad; background: #fff; color: #0b5cad; border-radius: 999px; padding: 6px 12px; cursor: pointer; text-align: left; }',
    '.choice:hover { background: #e7f0fa; }',
    '.choice:disabled { border-color: #d0d7de; color: #57606a; background: #f6f8fa; cursor: default; }',
    'details { margin-top: 8px; font-size: 13px; }',
    'summary { cursor: pointer; color: #0550ae; }',
    'details ul { margin: 4px 0 0; padding-left: 18px; color: #1f2328; }',
    '.feedback { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin-top: 8px; font-size: 14px; }',
    '.notice { margin: 0 12px 8px; padding: 8px 10px; border-radius: 8px; font-size: 14px; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }',
    '.notice[hidden] { display: none; }',
    '.notice.error { background: #ffebe9; color: #82071e; border: 1px solid #ff8182; }',
    '.notice.info { background: #ddf4ff; color: #0a3069; border: 1px solid #54aeff; }',
    '.notice span { flex: 1 1 160px; }',
    '.status { min-height: 0; padding: 0 12px; font-size: 13px; color: #57606a; }',
    '.form { display: flex; gap: 8px; padding: 10px 12px; border-top: 1px solid #d0d7de; }',
    '.form textarea { flex: 1; min-width: 0; resize: none; height: 48px; padding: 8px; border: 1px solid #6e7781; border-radius: 8px; color: #1f2328; background: #fff; }',
    '.send { border: 0; border-radius: 8px; padding: 0 14px; background: #0b5cad; color: #fff; font-weight: 600; cursor: pointer; }',
    '.send:hover { background: #084a8c; }',
    '.send[aria-disabled="true"] { background: #57606a; }',
    '.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }',
    '@media (max-width: 480px) {',
    '  .panel { right: 0; bottom: 0; width: 100vw; max-width: 100vw; height: 100vh; height: 100dvh; border-radius: 0; border: 0; }',
    '  .launcher { right: 8px; bottom: 8px; max-width: calc(100vw - 16px); }',
    '  .root.open .launcher { display: none; }',
    '}',
    '@media (prefers-reduced-motion: no-preference) { .panel { animation: rise .15s ease-out; } }',
    '@keyframes rise { from { transform: translateY(8px); opacity: 0; } to { transform: none; opacity: 1; } }'
  ].join('\n');

  // ---------------------------------------------------------------------------------------------
  // Small helpers
  // ---------------------------------------------------------------------------------------------

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (name === 'text') node.textContent = value;
      else if (name === 'hidden') node.hidden = Boolean(value);
      else if (value !== null && value !== undefined) node.setAttribute(name, String(value));
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  function normalizeLocale(tag) {
    if (!tag) return null;
    var lower = String(tag).trim().toLowerCase();
    if (!lower) return null;
    return lower.indexOf('pt') === 0 ? 'pt-BR' : 'en';
  }

  function pickLocale(script) {
    return normalizeLocale(script && script.getAttribute('data-locale')) ||
      normalizeLocale(document.documentElement.getAttribute('lang')) ||
      normalizeLocale(navigator.language) || 'en';
  }

  function findScript() {
    if (document.currentScript) return document.currentScript;
    var scripts = document.querySelectorAll('script[src*="widget.js"]');
    return scripts[scripts.length - 1] || null;
  }

  function apiOrigin(script) {
    var src = script && script.src ? script.src : location.href;
    return new URL(src, location.href).origin;
  }

  /** localStorage when the browser allows it, else a Map that lasts as long as the page. */
  function makeStorage() {
    var memory = {};
    var local = null;
    try {
      local = window.localStorage;
      local.setItem('oomguide:probe', '1');
      local.removeItem('oomguide:probe');
    } catch (e) {
      local = null;
    }
    return {
      get: function (key) {
        try { if (local) return local.getItem(key); } catch (e) { /* fall through */ }
        return Object.prototype.hasOwnProperty.call(memory, key) ? memory[key] : null;
      },
      set: function (key, value) {
        memory[key] = value;
        try { if (local) local.setItem(key, value); } catch (e) { /* memory keeps it */ }
      },
      remove: function (key) {
        delete memory[key];
        try { if (local) local.removeItem(key); } catch (e) { /* memory forgot it */ }
      }
    };
  }

  // ---------------------------------------------------------------------------------------------
  // A tiny CommonMark subset, rendered to DOM nodes (never to an HTML string)
  // ---------------------------------------------------------------------------------------------

  var INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^()\s]+)\)/g;

  /** An http(s) or relative url, resolved against the API origin; null for anything else. */
  function safeUrl(raw, base) {
    try {
      var url = new URL(raw, base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch (e) {
      return null;
    }
  }

  function link(text, href) {
    return el('a', { href: href, target: '_blank', rel: 'noopener noreferrer', text: text });
  }

  function renderInline(text, base) {
    var frag = document.createDocumentFragment();
    var pattern = new RegExp(INLINE.source, 'g'); // own state: bold text recurses into here
    var last = 0;
    var match;
    while ((match = pattern.exec(text)) !== null) {
      if (match.index > last) frag.appendChild(document.createTextNode(text.slice(last, match.index)));
      frag.appendChild(inlineNode(match, base));
      last = pattern.lastIndex;
    }
    if (last < text.length) frag.appendChild(document.createTextNode(text.slice(last)));
    return frag;
  }

  function inlineNode(match, base) {
    if (match[1]) return el('code', { text: match[2].trim() === '' ? match[2] : match[2].replace(/^ (.*) $/, '$1') });
    if (match[3] !== undefined) {
      var strong = el('strong');
      strong.appendChild(renderInline(match[3], base));
      return strong;
    }
    var href = safeUrl(match[5], base);
    return href ? link(match[4], href) : document.createTextNode(match[0]);
  }

  var MARKER = /^( {0,3})([-*+]|\d{1,9}[.)])( +|$)(.*)$/;
  var FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;

  function indentOf(line) {
    return /^ */.exec(line)[0].length;
  }

  function isBlank(line) {
    return !line.trim();
  }

  /**
   * Split CommonMark text into blocks: fenced code, lists (whose items hold blocks of their own,
   * e.g. a yaml fence indented under "1."), paragraphs. Headings read as plain paragraphs.
   */
  function parseBlocks(lines) {
    var blocks = [];
    var i = 0;
    while (i < lines.length) {
      var line = lines[i];
      var fence = FENCE.exec(line);
      if (fence) i = readFence(lines, i, fence, blocks);
      else if (isBlank(line)) i += 1;
      else if (MARKER.test(line)) i = readList(lines, i, blocks);
      else i = readParagraph(lines, i, blocks);
    }
    return blocks;
  }

  function readFence(lines, start, fence, blocks) {
    var closing = new RegExp('^ {0,3}' + (fence[1][0] === '`' ? '`' : '~') + '{' + fence[1].length + ',}\\s*$');
    var indent = indentOf(lines[start]);
    var body = [];
    var i = start + 1;
    while (i < lines.length && !closing.test(lines[i])) {
      body.push(lines[i].slice(Math.min(indent, indentOf(lines[i]))));
      i += 1;
    }
    blocks.push({ type: 'code', lang: fence[2] || '', text: body.join('\n') });
    return i + 1;
  }

  function markerKind(match) {
    return /\d/.test(match[2]) ? 'ordered' : 'bullet';
  }

  function readList(lines, start, blocks) {
    var first = MARKER.exec(lines[start]);
    var list = { type: 'list', ordered: markerKind(first) === 'ordered', start: parseInt(first[2], 10) || 1, items: [] };
    var i = start;
    var match;
    while (i < lines.length && (match = MARKER.exec(lines[i])) && markerKind(match) === markerKind(first)) {
      var item = readItem(lines, i, match);
      list.items.push(parseBlocks(item.lines));
      i = item.next;
      while (i < lines.length && isBlank(lines[i])) i += 1;
      if (i < lines.length && !MARKER.test(lines[i])) break;
    }
    blocks.push(list);
    return i;
  }

  /** One list item: its first line, then lines indented under it (or lazy continuations). */
  function readItem(lines, start, match) {
    var width = match[1].length + match[2].length + (match[3] ? match[3].length : 1);
    var body = [match[4]];
    var i = start + 1;
    while (i < lines.length) {
      var line = lines[i];
      if (!isBlank(line) && indentOf(line) >= width) body.push(line.slice(width));
      else if (isBlank(line)) body.push('');
      else if (!isBlank(lines[i - 1]) && !MARKER.test(line) && !FENCE.test(line)) body.push(line.trim());
      else break;
      i += 1;
    }
    while (body.length && isBlank(body[body.length - 1])) { body.pop(); i -= 1; }
    return { lines: body, next: i };
  }

  function readParagraph(lines, start, blocks) {
    var body = [];
    var i = start;
    while (i < lines.length && !isBlank(lines[i]) && !FENCE.test(lines[i]) && !(body.length && MARKER.test(lines[i]))) {
      body.push(lines[i].trim().replace(/^#{1,6}\s+/, ''));
      i += 1;
    }
    blocks.push({ type: 'paragraph', text: body.join('\n') });
    return i;
  }

  function splitLines(text) {
    return String(text || '').replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  }

  // ---------------------------------------------------------------------------------------------
  // The widget
  // ---------------------------------------------------------------------------------------------

  var KEPT_TURNS = 50; // turns whose label, kind and trace are kept for a reload

  function Widget(script) {
    this.script = script;
    this.origin = apiOrigin(script);
    this.storage = makeStorage();
    this.keys = {
      conversation: 'oomguide:' + this.origin + ':conversation',
      labels: 'oomguide:' + this.origin + ':labels',
      turns: 'oomguide:' + this.origin + ':turns',
      locale: 'oomguide:locale'
    };
    this.locale = normalizeLocale(this.storage.get(this.keys.locale)) || pickLocale(script);
    this.conversation = null; // {id, locale, turn, done}
    this.busy = false;
    this.build();
    this.restore();
  }

  Widget.prototype.t = function (key) {
    return STRINGS[this.locale][key];
  };

  // --- building the shell ----------------------------------------------------------------------

  Widget.prototype.build = function () {
    this.host = el('div', { id: 'oomguide-widget', 'data-oomguide': '' });
    this.shadow = this.host.attachShadow({ mode: 'open' });
    this.adoptStyles();
    this.launcher = el('button', { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-controls': 'oomguide-panel' });
    this.panel = el('section', { id: 'oomguide-panel', class: 'panel', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'oomguide-title', hidden: true });
    this.buildPanel();
    var root = el('div', { class: 'root', lang: this.locale }, [this.panel, this.launcher]);
    this.root = root;
    this.shadow.appendChild(root);
    document.body.appendChild(this.host);
    this.bindShell();
    this.applyStrings();
  };

  Widget.prototype.adoptStyles = function () {
    var sheet = null;
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    } catch (e) {
      sheet = null;
    }
    if (sheet && 'adoptedStyleSheets' in this.shadow) {
      this.shadow.adoptedStyleSheets = [sheet];
    } else {
      this.shadow.appendChild(el('style', { text: CSS }));
    }
  };

  Widget.prototype.buildPanel = function () {
    this.titleEl = el('h2', { id: 'oomguide-title' });
    this.subtitleEl = el('p');
    this.closeBtn = el('button', { type: 'button', class: 'close', text: '×' });
    this.startOverBtn = el('button', { type: 'button', class: 'tool', 'data-action': 'start-over' });
    this.langBtn = el('button', { type: 'button', class: 'tool', 'data-action': 'language' });
    this.log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions', tabindex: '0' });
    this.notice = el('div', { class: 'notice', role: 'alert', hidden: true });
    this.status = el('div', { class: 'status', role: 'status' });
    this.input = el('textarea', { id: 'oomguide-input', rows: '2', maxlength: '8000', autocomplete: 'off' });
    this.inputLabel = el('label', { for: 'oomguide-input', class: 'sr' });
    this.sendBtn = el('button', { type: 'submit', class: 'send' });
    this.form = el('form', { class: 'form' }, [this.inputLabel, this.input, this.sendBtn]);
    var head = el('div', { class: 'head' }, [el('div', { class: 'head-text' }, [this.titleEl, this.subtitleEl]), this.closeBtn]);
    var tools = el('div', { class: 'tools' }, [this.startOverBtn, this.langBtn]);
    [head, tools, this.log, this.notice, this.status, this.form].forEach(function (part) {
      this.panel.appendChild(part);
    }, this);
  };

  Widget.prototype.applyStrings = function () {
    var open = !this.panel.hidden;
    this.root.classList.toggle('open', open);
    this.root.setAttribute('lang', this.locale);
    this.launcher.textContent = open ? this.t('launcherClose') : this.t('launcherOpen');
    this.titleEl.textContent = this.t('title');
    this.subtitleEl.textContent = this.t('subtitle');
    this.closeBtn.setAttribute('aria-label', this.t('close'));
    this.startOverBtn.textContent = this.t('startOver');
    this.langBtn.textContent = this.t('switchTo');
    this.langBtn.setAttribute('aria-label', this.t('switchToLabel'));
    this.langBtn.setAttribute('lang', this.locale === 'en' ? 'pt-BR' : 'en');
    this.log.setAttribute('aria-label', this.t('transcript'));
    this.inputLabel.textContent = this.t('inputLabel');
    this.input.setAttribute('placeholder', this.t('placeholder'));
    this.sendBtn.textContent = this.t('send');
  };

  Widget.prototype.bindShell = function () {
    var self = this;
    this.launcher.addEventListener('click', function () { self.toggle(); });
    this.closeBtn.addEventListener('click', function () { self.close(); });
    this.startOverBtn.addEventListener('click', function () { self.startOver(); });
    this.langBtn.addEventListener('click', function () { self.switchLanguage(); });
    this.form.addEventListener('submit', function (event) {
      event.preventDefault();
      self.submitText();
    });
    this.input.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        self.submitText();
      }
    });
    this.panel.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') self.close();
    });
  };

  // --- open, close, language -------------------------------------------------------------------

  Widget.prototype.toggle = function () {
    if (this.panel.hidden) this.open(); else this.close();
  };

  Widget.prototype.open = function () {
    this.panel.hidden = false;
    this.launcher.setAttribute('aria-expanded', 'true');
    this.applyStrings();
    if (!this.log.firstChild) this.showGreeting();
    this.input.focus();
  };

  Widget.prototype.close = function () {
    this.panel.hidden = true;
    this.launcher.setAttribute('aria-expanded', 'false');
    this.applyStrings();
    this.launcher.focus();
  };

  Widget.prototype.switchLanguage = function () {
    this.locale = this.locale === 'en' ? 'pt-BR' : 'en';
    this.storage.set(this.keys.locale, this.locale);
    this.applyStrings();
    var conv = this.conversation;
    if (conv && conv.locale !== this.locale && !conv.done) {
      this.showNotice('info', this.t('langNotice'), this.t('langNoticeAction'), this.startOver.bind(this));
    } else {
      this.hideNotice();
      if (!conv) this.showGreeting();
    }
    this.langBtn.focus();
  };

  // --- talking to the API ----------------------------------------------------------------------

  function ApiError(status, detail, retryAfter) {
    this.status = status;
    this.detail = detail;
    this.retryAfter = retryAfter;
  }

  Widget.prototype.request = function (method, path, body) {
    // The channel header lets the support team's report tell the widget from other callers.
    var headers = { Accept: 'application/json', 'X-Oomguide-Channel': 'widget' };
    var init = { method: method, headers: headers, credentials: 'omit' };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(this.origin + path, init).then(function (response) {
      if (response.status === 204) return null;
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (response.ok) return data;
        throw new ApiError(response.status, data && data.detail, response.headers.get('Retry-After'));
      });
    }, function () {
      throw new ApiError(0, null, null);
    });
  };

  /** Run one request at a time, with a visible "thinking" status and localized errors. */
  Widget.prototype.run = function (promise, onError) {
    var self = this;
    this.busy = true;
    this.sendBtn.setAttribute('aria-disabled', 'true');
    this.log.setAttribute('aria-busy', 'true');
    this.status.textContent = this.t('thinking');
    return promise.then(function (value) {
      self.hideNotice();
      return value;
    }).catch(function (error) {
      return (onError || self.handleError.bind(self))(error);
    }).then(function (value) {
      self.busy = false;
      self.sendBtn.removeAttribute('aria-disabled');
      self.log.removeAttribute('aria-busy');
      self.status.textContent = '';
      return value;
    });
  };

  Widget.prototype.handleError = function (error) {
    var status = error instanceof ApiError ? error.status : -1;
    if (status === 409) return this.refresh(this.t('errorStale'));
    if (status === 404 && this.conversation) {
      this.forget();
      this.showGreeting();
      this.showNotice('error', this.t('errorGone'));
      return null;
    }
    if (status === 0) this.showNotice('error', this.t('errorNetwork'));
    else if (status === 429) this.showNotice('error', this.t('errorRate'));
    else this.showNotice('error', this.t('errorGeneric'));
    return null;
  };

  Widget.prototype.remember = function (turn) {
    this.conversation = { id: turn.conversation_id, locale: turn.locale, turn: turn.turn, done: turn.done };
    this.storage.set(this.keys.conversation, turn.conversation_id);
  };

  Widget.prototype.forget = function () {
    this.conversation = null;
    this.storage.remove(this.keys.conversation);
    this.storage.remove(this.keys.labels);
    this.storage.remove(this.keys.turns);
  };

  Widget.prototype.startConversation = function (text) {
    var self = this;
    var body = { locale: this.locale };
    if (text) body.text = text;
    return this.run(this.request('POST', '/v1/conversations', body).then(function (turn) {
      self.clearLog();
      if (text) self.addUserMessage(text);
      self.remember(turn);
      self.rememberTurn(turn);
      self.addTurn(turn);
      return true;
    }));
  };

  Widget.prototype.reply = function (body, shownAs) {
    var self = this;
    var conv = this.conversation;
    body.turn = conv.turn;
    return this.run(this.request('POST', '/v1/conversations/' + encodeURIComponent(conv.id) + '/replies', body).then(function (turn) {
      self.disableOldChoices();
      self.addUserMessage(shownAs);
      self.remember(turn);
      if (body.value) self.rememberLabel(turn.turn, shownAs);
      self.rememberTurn(turn);
      self.addTurn(turn);
      return true;
    }));
  };

  Widget.prototype.submitText = function () {
    var text = this.input.value.trim();
    if (!text || this.busy) return;
    var self = this;
    var conv = this.conversation;
    var sent = conv && !conv.done ? this.reply({ text: text }, text) : this.startConversation(text);
    sent.then(function (ok) {
      if (ok) self.input.value = '';
    });
  };

  Widget.prototype.choose = function (option) {
    if (this.busy || !this.conversation) return;
    this.reply({ value: option.value }, option.label);
  };

  Widget.prototype.startOver = function () {
    if (this.busy) return;
    this.forget();
    this.hideNotice();
    this.clearLog();
    this.showGreeting();
    this.input.value = '';
    this.input.focus();
  };

  Widget.prototype.sendFeedback = function (box, helpful) {
    var self = this;
    var conv = this.conversation;
    if (!conv || this.busy) return;
    this.run(this.request('POST', '/v1/conversations/' + encodeURIComponent(conv.id) + '/feedback', { helpful: helpful }).then(function () {
      var thanks = el('p', { tabindex: '-1', text: self.t('thanks') });
      box.replaceChildren(thanks);
      thanks.focus();
    }));
  };

  /** Continue the stored conversation after a reload: its transcript and pending question. */
  Widget.prototype.restore = function () {
    var id = this.storage.get(this.keys.conversation);
    if (!id) return;
    this.conversation = { id: id, locale: this.locale, turn: 0, done: false };
    this.refresh(null);
  };

  Widget.prototype.refresh = function (message) {
    var self = this;
    var conv = this.conversation;
    if (!conv) return null;
    return this.request('GET', '/v1/conversations/' + encodeURIComponent(conv.id)).then(function (view) {
      self.conversation = { id: view.conversation_id, locale: view.locale, turn: view.turn, done: view.done };
      self.renderView(view);
      if (message) self.showNotice('info', message);
      return null;
    }).catch(function (error) {
      if (error instanceof ApiError && error.status === 404) {
        self.forget();
        self.showGreeting();
        return null;
      }
      self.showNotice('error', self.t(error instanceof ApiError && error.status === 429 ? 'errorRate' : 'errorNetwork'));
      return null;
    });
  };

  // --- rendering -------------------------------------------------------------------------------

  Widget.prototype.clearLog = function () {
    this.log.replaceChildren();
  };

  Widget.prototype.showGreeting = function () {
    this.clearLog();
    var msg = this.botBubble();
    msg.classList.add('greeting');
    msg.appendChild(el('p', { text: this.t('greeting') }));
    var more = el('button', { type: 'button', class: 'choice', 'data-action': 'options', text: this.t('showOptions') });
    var self = this;
    more.addEventListener('click', function () {
      if (!self.busy) self.startConversation(null);
    });
    msg.appendChild(el('div', { class: 'choices' }, [more]));
    this.log.appendChild(msg);
  };

  Widget.prototype.botBubble = function (turn) {
    var msg = el('div', { class: 'msg bot', tabindex: '-1', 'data-turn': turn });
    msg.appendChild(el('span', { class: 'who', text: this.t('bot') + ': ' }));
    return msg;
  };

  Widget.prototype.addUserMessage = function (text) {
    var msg = el('div', { class: 'msg user' }, [el('span', { class: 'who', text: this.t('you') + ': ' }), text]);
    this.log.appendChild(msg);
  };

  Widget.prototype.markdown = function (text) {
    return this.blocks(parseBlocks(splitLines(text)));
  };

  Widget.prototype.blocks = function (blocks) {
    var frag = document.createDocumentFragment();
    blocks.forEach(function (block) {
      frag.appendChild(this.block(block));
    }, this);
    return frag;
  };

  Widget.prototype.block = function (block) {
    if (block.type === 'code') return this.codeBlock(block);
    if (block.type === 'list') return this.list(block);
    var p = el('p');
    p.appendChild(this.inlineLines(block.text));
    return p;
  };

  /** Inline content, keeping the text's line breaks. */
  Widget.prototype.inlineLines = function (text) {
    var frag = document.createDocumentFragment();
    text.split('\n').forEach(function (part, index) {
      if (index) frag.appendChild(el('br'));
      frag.appendChild(renderInline(part, this.origin));
    }, this);
    return frag;
  };

  Widget.prototype.list = function (block) {
    var list = el(block.ordered ? 'ol' : 'ul', block.ordered && block.start !== 1 ? { start: block.start } : {});
    block.items.forEach(function (children) {
      var li = el('li');
      var tight = children.length === 1 && children[0].type === 'paragraph';
      li.appendChild(tight ? this.inlineLines(children[0].text) : this.blocks(children));
      list.appendChild(li);
    }, this);
    return list;
  };

  Widget.prototype.codeBlock = function (block) {
    var code = el('code', { text: block.text });
    if (block.lang) code.setAttribute('data-lang', block.lang);
    var copy = el('button', { type: 'button', class: 'copy', text: this.t('copy') });
    var self = this;
    copy.addEventListener('click', function () { self.copy(block.text, copy); });
    var bar = el('div', { class: 'code-bar' }, [el('span', { text: block.lang }), copy]);
    return el('div', { class: 'code' }, [bar, el('pre', { tabindex: '0' }, [code])]);
  };

  Widget.prototype.copy = function (text, button) {
    var self = this;
    var done = function (ok) {
      button.textContent = self.t(ok ? 'copied' : 'copyFailed');
      if (ok) self.status.textContent = self.t('codeCopied');
      setTimeout(function () { button.textContent = self.t('copy'); }, 2000);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(self.copyFallback(text)); });
    } else {
      done(this.copyFallback(text));
    }
  };

  /** execCommand('copy') on a hidden textarea, for browsers or pages without the Clipboard API. */
  Widget.prototype.copyFallback = function (text) {
    var area = el('textarea', { readonly: '', 'aria-hidden': 'true', class: 'sr' });
    area.value = text;
    this.root.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    area.remove();
    return ok;
  };

  /** A bot turn: its CommonMark text (which already holds the answer, question and links). */
  Widget.prototype.addTurn = function (turn) {
    var msg = this.botBubble(turn.turn);
    msg.setAttribute('data-kind', turn.kind);
    msg.appendChild(this.markdown(turn.text));
    var first = turn.question && !turn.done ? this.appendChoices(msg, turn.question) : null;
    this.appendControls(msg, turn);
    this.log.appendChild(msg);
    this.focusAfterTurn(msg, first);
  };

  /** A turn's "why?" (its trace) and, under an answer, the feedback buttons. */
  Widget.prototype.appendControls = function (msg, turn) {
    if (turn.trace && turn.trace.length) msg.appendChild(this.traceBlock(turn.trace));
    if (turn.kind === 'answer') msg.appendChild(this.feedbackBlock());
  };

  Widget.prototype.focusAfterTurn = function (msg, firstChoice) {
    (firstChoice || msg).focus({ preventScroll: true });
    msg.scrollIntoView({ block: 'nearest' });
  };

  Widget.prototype.traceBlock = function (trace) {
    var names = this.t('traceStep');
    var list = el('ul');
    trace.forEach(function (step) {
      list.appendChild(el('li', { text: this.traceLine(step, names) }));
    }, this);
    return el('details', { class: 'why' }, [el('summary', { text: this.t('why') }), list]);
  };

  Widget.prototype.traceLine = function (step, names) {
    var parts = [(names[step.step] || step.step) + ':'];
    if (step.fact) parts.push(step.fact + (step.value !== null && step.value !== undefined ? ' = ' + JSON.stringify(step.value) : ''));
    if (step.node && !step.fact) parts.push(step.node + (step.goto ? ' → ' + step.goto : ''));
    if (step.evidence) parts.push('(' + this.t('from') + ' “' + step.evidence + '”)');
    if (step.reason) parts.push('— ' + step.reason);
    return parts.join(' ');
  };

  Widget.prototype.feedbackBlock = function () {
    var self = this;
    var box = el('div', { class: 'feedback', role: 'group', 'aria-label': this.t('helpful') });
    box.appendChild(el('span', { text: this.t('helpful') }));
    [['yes', true], ['no', false]].forEach(function (pair) {
      var button = el('button', { type: 'button', class: 'choice', 'data-feedback': pair[0], text: self.t(pair[0]) });
      button.addEventListener('click', function () { self.sendFeedback(box, pair[1]); });
      box.appendChild(button);
    });
    return box;
  };

  /** The pending question's options as buttons; returns the first, to move focus to. */
  Widget.prototype.appendChoices = function (msg, question) {
    if (!question.options || !question.options.length) return null;
    var self = this;
    var group = el('div', { class: 'choices', role: 'group', 'aria-label': this.t('options') });
    question.options.forEach(function (option) {
      var button = el('button', { type: 'button', class: 'choice', 'data-value': option.value, text: option.label });
      button.addEventListener('click', function () { self.choose(option); });
      group.appendChild(button);
    });
    msg.appendChild(group);
    return group.firstChild;
  };

  Widget.prototype.disableOldChoices = function () {
    this.log.querySelectorAll('.choices .choice').forEach(function (button) {
      button.disabled = true;
    });
  };

  /** Re-render a stored conversation (after a reload or a stale reply). */
  Widget.prototype.renderView = function (view) {
    this.clearLog();
    var labels = this.labels();
    var turns = this.byTurn(this.keys.turns);
    var last = null;
    view.transcript.forEach(function (entry) {
      if (entry.role === 'user') {
        this.addUserMessage(entry.value && labels[entry.turn] ? labels[entry.turn] : entry.text);
        return;
      }
      last = this.botBubble(entry.turn);
      last.appendChild(this.markdown(entry.text));
      this.log.appendChild(last);
    }, this);
    if (!last) return;
    var first = view.question && !view.done ? this.appendChoices(last, view.question) : null;
    // The controls after the choices, as when the turn was first shown.
    this.log.querySelectorAll('.msg.bot[data-turn]').forEach(function (msg) {
      var kept = turns[msg.getAttribute('data-turn')];
      if (kept) this.appendControls(msg, kept);
    }, this);
    if (!this.panel.hidden) this.focusAfterTurn(last, first);
  };

  /** Labels of the options clicked in this conversation, by turn, so a reload shows them. */
  Widget.prototype.labels = function () {
    return this.byTurn(this.keys.labels);
  };

  Widget.prototype.rememberLabel = function (turn, label) {
    this.keepByTurn(this.keys.labels, turn, label);
  };

  /** What a reload cannot ask the server for: each bot turn's kind and trace, by turn. */
  Widget.prototype.rememberTurn = function (turn) {
    this.keepByTurn(this.keys.turns, turn.turn, { kind: turn.kind, trace: turn.trace || [] });
  };

  /** Values kept by turn for the current conversation (empty for another conversation). */
  Widget.prototype.byTurn = function (key) {
    try {
      var stored = JSON.parse(this.storage.get(key) || '{}');
      return stored && stored.id === (this.conversation && this.conversation.id) ? stored.byTurn : {};
    } catch (e) {
      return {};
    }
  };

  Widget.prototype.keepByTurn = function (key, turn, value) {
    var byTurn = this.byTurn(key);
    byTurn[turn] = value;
    var turns = Object.keys(byTurn).map(Number).sort(function (a, b) { return a - b; });
    turns.slice(0, Math.max(0, turns.length - KEPT_TURNS)).forEach(function (old) { delete byTurn[old]; });
    this.storage.set(key, JSON.stringify({ id: this.conversation.id, byTurn: byTurn }));
  };

  Widget.prototype.showNotice = function (kind, message, actionLabel, action) {
    this.notice.className = 'notice ' + kind;
    var children = [el('span', { text: message })];
    if (actionLabel) {
      var button = el('button', { type: 'button', class: 'tool', text: actionLabel });
      button.addEventListener('click', action);
      children.push(button);
    }
    var dismiss = el('button', { type: 'button', class: 'tool', text: this.t('dismiss') });
    dismiss.addEventListener('click', this.hideNotice.bind(this));
    children.push(dismiss);
    this.notice.replaceChildren.apply(this.notice, children);
    this.notice.hidden = false;
  };

  Widget.prototype.hideNotice = function () {
    this.notice.hidden = true;
    this.notice.replaceChildren();
  };

  function boot() {
    if (document.querySelector('[data-oomguide]')) return;
    new Widget(SCRIPT); // eslint-disable-line no-new
  }

  var SCRIPT = findScript();
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', boot);
  } else {
    boot();
  }
})();
