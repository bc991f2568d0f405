;; merge of a huge map built by zipmap
;; family: range
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (merge {} (zipmap (range 1e10) (range 1e10))))
