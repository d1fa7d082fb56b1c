/*
 * Stand-in for PayPal's JS SDK, served by the shop's local PayPal simulator at <prefix>/sdk/js.
 * @paypal/paypal-js loadScript({ clientId, currency, sdkBaseUrl }) loads it like the real one and
 * waits for window.paypal. paypal.Buttons({ createOrder, onApprove, onCancel, onError, style,
 * fundingSource }).render(container) draws a PayPal and a card button; a click asks the page's
 * createOrder for the order id, then shows an in-page approval dialog (amount, Approve / Decline
 * card / Cancel) standing in for PayPal's window, tells the simulator, and calls onApprove or
 * onCancel as PayPal does. Plain script, no inline code or styles (CSP), no dependencies.
 */
(function () {
  'use strict';

  var script = document.currentScript;
  var src = new URL(script && script.src ? script.src : '/paypal-sim/sdk/js', document.baseURI);
  var base = src.origin + src.pathname.replace(/\/sdk\/js\/?$/, '');
  var FUNDING = { PAYPAL: 'paypal', CARD: 'card' };

  var TEXT = {
    'en-US': {
      paypal: 'PayPal',
      card: 'Debit or Credit Card',
      title: 'PayPal (simulator)',
      payWith: { paypal: 'Pay with your PayPal account', card: 'Pay with a debit or credit card' },
      amount: 'Amount to pay',
      approve: 'Approve payment',
      decline: 'Use a card that is declined',
      cancel: 'Cancel',
      note: 'This is the local PayPal simulator: no real money moves.',
    },
    'zh-CN': {
      paypal: 'PayPal',
      card: '借记卡或信用卡',
      title: 'PayPal（模拟器）',
      payWith: { paypal: '使用您的 PayPal 账户付款', card: '使用借记卡或信用卡付款' },
      amount: '应付金额',
      approve: '确认付款',
      decline: '使用会被拒绝的卡',
      cancel: '取消',
      note: '这是本地 PayPal 模拟器，不会产生真实付款。',
    },
  };
  function text() {
    var lang = (document.documentElement.lang || 'en-US').toLowerCase();
    return lang.indexOf('zh') === 0 ? TEXT['zh-CN'] : TEXT['en-US'];
  }

  function make(tag, styles, content) {
    var node = document.createElement(tag);
    if (styles) Object.keys(styles).forEach(function (name) { node.style[name] = styles[name]; });
    if (content !== undefined) node.textContent = content;
    return node;
  }

  function json(response) {
    if (!response.ok) throw new Error('PayPal simulator answered ' + response.status);
    return response.json();
  }

  function formatAmount(amount) {
    try {
      return new Intl.NumberFormat(document.documentElement.lang || 'en-US', { style: 'currency', currency: amount.currency_code }).format(Number(amount.value));
    } catch {
      return amount.currency_code + ' ' + amount.value;
    }
  }

  /** The approval window: resolves 'approve', 'decline' or 'cancel'. */
  function askBuyer(order, source) {
    var t = text();
    return new Promise(function (resolve) {
      var dialog = make('dialog', { boxSizing: 'border-box', border: 'none', borderRadius: '12px', padding: '24px', maxWidth: '360px', width: 'calc(100% - 48px)', boxShadow: '0 8px 32px rgba(0,0,0,.3)', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1a1a1a' });
      dialog.setAttribute('aria-labelledby', 'paypal-sim-title');
      dialog.setAttribute('aria-describedby', 'paypal-sim-amount');
      dialog.setAttribute('data-paypal-sim', 'dialog');
      var title = make('h2', { margin: '0 0 4px', fontSize: '20px', color: '#003087' }, t.title);
      title.id = 'paypal-sim-title';
      var how = make('p', { margin: '0 0 16px', fontSize: '14px', color: '#555' }, t.payWith[source] || t.payWith.paypal);
      var amountLabel = make('p', { margin: '0', fontSize: '13px', color: '#555' }, t.amount);
      var amount = make('p', { margin: '0 0 20px', fontSize: '28px', fontWeight: '700' }, formatAmount(order.amount));
      amount.id = 'paypal-sim-amount';
      var note = make('p', { margin: '16px 0 0', fontSize: '12px', color: '#777' }, t.note);
      var done = false;
      function finish(choice) {
        if (done) return;
        done = true;
        dialog.close();
        dialog.remove();
        resolve(choice);
      }
      function button(label, choice, styles) {
        var node = make('button', Object.assign({ display: 'block', width: '100%', minHeight: '44px', margin: '8px 0 0', borderRadius: '22px', fontSize: '16px', fontWeight: '700', cursor: 'pointer', border: '1px solid transparent' }, styles), label);
        node.type = 'button';
        node.setAttribute('data-paypal-sim', choice);
        node.addEventListener('click', function () { finish(choice); });
        return node;
      }
      dialog.append(
        title,
        how,
        amountLabel,
        amount,
        button(t.approve, 'approve', { background: '#0070ba', color: '#fff' }),
        button(t.decline, 'decline', { background: '#fff', color: '#0070ba', borderColor: '#0070ba' }),
        button(t.cancel, 'cancel', { background: '#fff', color: '#1a1a1a', borderColor: '#999' }),
        note
      );
      // Esc closes a modal dialog: that is a cancel.
      dialog.addEventListener('cancel', function (event) {
        event.preventDefault();
        finish('cancel');
      });
      document.body.appendChild(dialog);
      dialog.showModal();
      dialog.querySelector('[data-paypal-sim="approve"]').focus();
    });
  }

  function Buttons(options) {
    options = options || {};
    var style = options.style || {};
    var container = null;
    var wrapper = null;

    function report(error) {
      if (typeof options.onError === 'function') options.onError(error instanceof Error ? error : new Error(String(error)));
      else if (window.console) window.console.error(error);
    }

    function pay(source, node) {
      var actions = {
        restart: function () { return pay(source, node); },
        order: {
          get: function () { return Promise.reject(new Error('order.get is not available in the simulator; ask the server')); },
          capture: function () { return Promise.reject(new Error('capture from the browser is not supported: capture on the server')); },
        },
      };
      node.disabled = true;
      node.setAttribute('aria-busy', 'true');
      var orderID = null;
      return Promise.resolve()
        .then(function () {
          if (typeof options.createOrder !== 'function') throw new Error('createOrder is required');
          return options.createOrder({ paymentSource: source }, actions);
        })
        .then(function (id) {
          if (typeof id !== 'string' || !id) throw new Error('createOrder did not give an order id');
          orderID = id;
          return fetch(base + '/checkout/' + encodeURIComponent(id), { headers: { accept: 'application/json' } }).then(json);
        })
        .then(function (order) {
          node.disabled = false;
          node.removeAttribute('aria-busy');
          return askBuyer(order, source);
        })
        .then(function (choice) {
          if (choice === 'cancel') {
            if (typeof options.onCancel === 'function') return options.onCancel({ orderID: orderID });
            return undefined;
          }
          return fetch(base + '/checkout/' + encodeURIComponent(orderID) + '/approve', {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ decline: choice === 'decline' }),
          })
            .then(json)
            .then(function (approved) {
              if (typeof options.onApprove !== 'function') return undefined;
              return options.onApprove({ orderID: orderID, payerID: approved.payerId, paymentID: null, facilitatorAccessToken: null, paymentSource: source }, actions);
            });
        })
        .catch(report)
        .then(function () {
          node.disabled = false;
          node.removeAttribute('aria-busy');
        });
    }

    function drawButton(source) {
      var t = text();
      var isCard = source === FUNDING.CARD;
      var colour = style.color || 'gold';
      var palette = isCard
        ? { background: '#2c2e2f', color: '#fff' }
        : colour === 'blue' ? { background: '#0070ba', color: '#fff' } : colour === 'black' ? { background: '#2c2e2f', color: '#fff' } : colour === 'white' ? { background: '#fff', color: '#003087' } : colour === 'silver' ? { background: '#eee', color: '#003087' } : { background: '#ffc439', color: '#003087' };
      var node = make('button', {
        display: 'block',
        width: '100%',
        height: (Number(style.height) || 45) + 'px',
        margin: '0 0 10px',
        border: colour === 'white' && !isCard ? '1px solid #555' : '1px solid transparent',
        borderRadius: style.shape === 'pill' ? '23px' : style.shape === 'sharp' ? '0' : '4px',
        background: palette.background,
        color: palette.color,
        fontFamily: 'Arial, Helvetica, sans-serif',
        fontSize: '16px',
        fontWeight: '700',
        fontStyle: isCard ? 'normal' : 'italic',
        cursor: 'pointer',
      }, isCard ? t.card : t.paypal);
      node.type = 'button';
      node.setAttribute('data-funding-source', source);
      node.setAttribute('aria-label', isCard ? t.card : t.paypal);
      node.addEventListener('click', function () { pay(source, node); });
      return node;
    }

    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        wrapper = make('div', { width: '100%' });
        wrapper.setAttribute('data-paypal-sim', 'buttons');
        var sources = options.fundingSource ? [options.fundingSource] : [FUNDING.PAYPAL, FUNDING.CARD];
        sources.forEach(function (source) { wrapper.appendChild(drawButton(source)); });
        container.appendChild(wrapper);
        if (typeof options.onInit === 'function') options.onInit({}, { enable: function () {}, disable: function () {} });
        return Promise.resolve();
      },
      close: function () {
        if (wrapper) wrapper.remove();
        wrapper = null;
        return Promise.resolve();
      },
    };
  }

  window.paypal = { Buttons: Buttons, FUNDING: FUNDING, version: 'simulator' };
})();
