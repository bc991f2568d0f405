;; pmap of a cheap function over 200,000 characters (as structfuzz program 83436): 200,000
;; branches, each a fiber, are set up in batches under the budget, not all before it is checked
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 200000
(count (pmap str (apply str (repeat 100000 "ab"))))
